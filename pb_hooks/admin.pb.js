/// <reference path="../pb_data/types.d.ts" />

// Routes the admin panel needs beyond the records API. Staff are not PocketBase
// superusers, so each route checks the caller's role itself.

routerAdd(
  "GET",
  "/api/admin/stats",
  (e) => {
    if (!e.auth.get("is_active")) throw new ForbiddenError("Conta inativa.");
    return e.json(200, require(`${__hooks}/lib/dashboard/stats.js`).dashboardStats(e.app, e.auth));
  },
  $apis.requireAuth("users"),
);
