/// <reference path="../pb_data/types.d.ts" />

// The editors' previews: a body rendered by the site's own Markdown pipeline, and a
// page's sections rendered by the site's own components, both by the publisher's Node
// process (scripts/publish/publisher.mjs, under `npm start`), so the admin shows exactly
// the HTML the site will publish. These routes add what only PocketBase knows: who may
// ask, and the size of the media library's images shown.

routerAdd(
  "POST",
  "/api/site/preview",
  (e) => {
    if (!e.auth.get("is_active")) throw new ForbiddenError("Conta inativa.");
    return require(`${__hooks}/lib/publishing/preview.js`).preview(e);
  },
  $apis.requireAuth("users"),
  $apis.bodyLimit(1024 * 1024),
);

// A page carries up to 40 sections of 40,000 characters (shared/page-sections.js).
routerAdd(
  "POST",
  "/api/site/preview/page",
  (e) => require(`${__hooks}/lib/publishing/preview.js`).pagePreview(e),
  $apis.requireAuth("users"),
  $apis.bodyLimit(2 * 1024 * 1024),
);
