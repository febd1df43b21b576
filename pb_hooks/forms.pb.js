/// <reference path="../pb_data/types.d.ts" />

// A public form the browser sent itself and the server refused (lib/forms/public-forms.js),
// shown again with what the visitor typed and a pt-BR message beside each field; it
// sends again to the same endpoint.
routerAdd("GET", "/formularios/revisar", (e) => require(`${__hooks}/lib/forms/form-review.js`).render(e));

// The stylesheet of the pages the server answers itself (lib/forms/server-pages.js).
routerAdd("GET", "/formularios/estilo.css", (e) => {
  e.response.header().set("Content-Type", "text/css; charset=utf-8");
  e.response.header().set("Cache-Control", "public, max-age=3600");
  return e.string(200, require(`${__hooks}/lib/forms/server-pages.js`).STYLES);
});

// Expired drafts and sendings leave memory (lib/forms/public-forms.js).
cronAdd("sweep_form_drafts", "*/5 * * * *", () => {
  require(`${__hooks}/lib/forms/public-forms.js`).sweepStore($app);
});
