/// <reference path="../pb_data/types.d.ts" />

// Data-subject requests for admins (lib/privacy/privacy.js): what is held about an e-mail, its
// export, its erasure. The e-mail travels in the JSON body, never in the address.
routerAdd(
  "POST",
  "/api/privacy/lookup",
  (e) => require(`${__hooks}/lib/privacy/privacy.js`).lookup(e),
  $apis.requireAuth("users", "_superusers"),
);
routerAdd(
  "POST",
  "/api/privacy/export",
  (e) => require(`${__hooks}/lib/privacy/privacy.js`).exportData(e),
  $apis.requireAuth("users", "_superusers"),
);
routerAdd(
  "POST",
  "/api/privacy/erase",
  (e) => require(`${__hooks}/lib/privacy/privacy.js`).erase(e),
  $apis.requireAuth("users", "_superusers"),
);
