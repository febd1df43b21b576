/// <reference path="../pb_data/types.d.ts" />

// The editor's preview: a body rendered by the site's own Markdown pipeline, which
// runs in the publisher's Node process (scripts/publish/publisher.mjs, under `npm start`),
// so the admin shows exactly the HTML the site will publish. This route adds what
// only PocketBase knows, the size of the media library's images the body shows.

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
