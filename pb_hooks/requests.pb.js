/// <reference path="../pb_data/types.d.ts" />

// Checks on every API request before PocketBase handles it (lib/common/request-guards.js).
// One middleware for them all: a JS middleware holds a pooled JS runtime for the
// whole request, so one per check would nest five and empty the pool (15 runtimes)
// with a few concurrent requests. JS cannot bind a middleware to one of
// PocketBase's routes: this one sees every request and lets the others through
// untouched. Its id lets the site's route (server/site/site.go) leave it out: a
// page or file needs none of these checks.
routerUse(new Middleware((e) => require(`${__hooks}/lib/common/request-guards.js`).guard(e), 0, "operiumRequestGuards"));
