/// <reference path="../pb_data/types.d.ts" />

// Testimonials and FAQ entries (lib/pieces/pieces.js): every save checked in pt-BR,
// from the API, the dashboard or a migration alike (model-level hooks).

onRecordCreate(
  (e) => {
    require(`${__hooks}/lib/pieces/pieces.js`).assertPiece(e.record);
    e.next();
  },
  "testimonials",
  "faq_entries",
);

onRecordUpdate(
  (e) => {
    require(`${__hooks}/lib/pieces/pieces.js`).assertPiece(e.record);
    e.next();
  },
  "testimonials",
  "faq_entries",
);
