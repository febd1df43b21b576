/// <reference path="../pb_data/types.d.ts" />

// A public form the browser sent itself and the server refused (lib/public-forms.js),
// shown again with what the visitor typed and a pt-BR message beside each field; it
// sends again to the same endpoint. Never cached: it holds personal data.
routerAdd("GET", "/formularios/revisar", (e) => {
  const review = require(`${__hooks}/lib/form-review.js`);
  e.response.header().set("Cache-Control", "no-store");
  e.response.header().set("Referrer-Policy", "no-referrer");
  e.response.header().set("Content-Security-Policy", review.csp(e));
  return review.render(e);
});

routerAdd("GET", "/formularios/revisar.css", (e) => {
  e.response.header().set("Content-Type", "text/css; charset=utf-8");
  e.response.header().set("Cache-Control", "public, max-age=3600");
  return e.string(200, require(`${__hooks}/lib/form-review.js`).STYLES);
});
