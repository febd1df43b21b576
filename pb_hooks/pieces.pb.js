/// <reference path="../pb_data/types.d.ts" />

// Testimonials, FAQ entries and partners (lib/pieces/pieces.js): every save checked in
// pt-BR, from the API, the dashboard or a migration alike (model-level hooks).

onRecordCreate(
  (e) => {
    require(`${__hooks}/lib/pieces/pieces.js`).assertPiece(e.app, e.record);
    e.next();
  },
  "testimonials",
  "faq_entries",
  "partners",
);

onRecordUpdate(
  (e) => {
    require(`${__hooks}/lib/pieces/pieces.js`).assertPiece(e.app, e.record);
    e.next();
  },
  "testimonials",
  "faq_entries",
  "partners",
);

// A save based on a stale copy refused, and a restored version named (lib/revisions/revisions.js).
onRecordUpdateRequest(
  (e) => {
    require(`${__hooks}/lib/revisions/revisions.js`).prepareSave(e);
    e.next();
  },
  "testimonials",
  "faq_entries",
  "partners",
);
