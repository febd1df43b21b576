/// <reference path="../pb_data/types.d.ts" />

// Serves the prebuilt public site and the admin island from the same process as
// the API. PocketBase's own routes (/api/..., /_/...) are more specific and win.
// Rules (see lib/site.js): /legacy-admin/* redirects to /admin/*; /admin/* falls
// back to the admin index for client-side routing; anything else missing gets the
// site's 404 page with a real 404 status.
routerAdd("GET", "/{path...}", (e) => {
  return require(`${__hooks}/lib/site.js`).serve(e);
});
