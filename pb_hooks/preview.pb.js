/// <reference path="../pb_data/types.d.ts" />

// The editors' previews: a body rendered by the site's own Markdown pipeline, and a
// page's sections or a product's page rendered by the site's own components, both by the publisher's Node
// process (scripts/publish/publisher.mjs, under `npm start`), so the admin shows exactly
// the HTML the site will publish. These routes add what only PocketBase knows: who may
// ask, and the size of the media library's images shown.

// Both routes read their body through lib/common/request-body.js formValues, which reads
// it twice (requestInfo for its type, then the bind), and PocketBase's body limit counts
// every read (its limitedReader keeps counting across the body's rereads): each route's
// limit is therefore READS times the largest body it takes.
const READS = 2;

routerAdd(
  "POST",
  "/api/site/preview",
  (e) => {
    if (!e.auth.get("is_active")) throw new ForbiddenError("Conta inativa.");
    return require(`${__hooks}/lib/publishing/preview.js`).preview(e);
  },
  $apis.requireAuth("users"),
  $apis.bodyLimit(READS * 1024 * 1024),
);

// A page's content is at most 200 KB (the pages' `content` field); its name and
// description, and JSON's escapes, fit in the rest.
routerAdd(
  "POST",
  "/api/site/preview/page",
  (e) => require(`${__hooks}/lib/publishing/preview.js`).pagePreview(e),
  $apis.requireAuth("users"),
  $apis.bodyLimit(READS * 512 * 1024),
);

// A product's page from its form's values (shared/catalog.js bounds them: some 100 KB).
routerAdd(
  "POST",
  "/api/site/preview/product",
  (e) => require(`${__hooks}/lib/publishing/preview.js`).productPreview(e),
  $apis.requireAuth("users"),
  $apis.bodyLimit(READS * 256 * 1024),
);

// The site's own images for the page preview's frame, which shows the site's components
// before a build has resized them (scripts/publish/site-components.mjs previewAssetUrls):
// the publisher reads them from the checkout; the server itself may run where no sources
// are (the static Docker target). Public as the built site's copies are (an <img> carries
// no token).
routerAdd("GET", "/api/site/preview/asset/{path...}", (e) => require(`${__hooks}/lib/publishing/preview.js`).asset(e));
