/// <reference path="../pb_data/types.d.ts" />
// First-party analytics (pb_hooks/lib/analytics/analytics.js):
//
//   POST /api/analytics/hit            the site's beacon: text/plain JSON { path, referrer?, event?, title?, utm? }
//                                      (event not_found: a visit to the not-found page, no page view)
//                                      → 204; 400 for a malformed hit, 413 past 4 KB; bots are answered
//                                      204 and not stored; the rate limiter caps each address
//   GET  /api/analytics/summary        ?days=7|30|90 or ?from=&to= (AAAA-MM-DD): active admins and editors
//   GET  /api/admin/rest/analytics/{period}   the same, as one record for the admin's simple-REST
//                                      provider: period "7", "30", "90" or "AAAA-MM-DD_AAAA-MM-DD"

routerAdd(
  "POST",
  "/api/analytics/hit",
  (e) => {
    const rules = require(`${__hooks}/lib/analytics/rules.js`);
    const analytics = require(`${__hooks}/lib/analytics/analytics.js`);
    const host = e.request.host;
    const parsed = rules.parseHit(toString(e.request.body), host);
    if (parsed.error) throw new BadRequestError(parsed.error);
    // The admin and its previews are staff, not visitors.
    if (parsed.hit.path === "/admin" || parsed.hit.path.indexOf("/admin/") === 0) return e.noContent(204);
    analytics.record(e.app, parsed.hit, {
      ip: e.realIP(),
      userAgent: e.request.header.get("User-Agent"),
      host: host,
      now: Date.now(),
    });
    return e.noContent(204);
  },
  $apis.bodyLimit(require(`${__hooks}/lib/analytics/rules.js`).MAX_BODY_BYTES),
);

routerAdd(
  "GET",
  "/api/analytics/summary",
  (e) => {
    const url = e.request.url.query();
    const query = { days: url.get("days"), from: url.get("from"), to: url.get("to") };
    return e.json(200, require(`${__hooks}/lib/analytics/summary.js`).summaryFor(e, query));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "GET",
  "/api/admin/rest/analytics/{period}",
  (e) => {
    const id = e.request.pathValue("period");
    const range = /^(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2})$/.exec(id);
    const query = range ? { from: range[1], to: range[2] } : { days: id };
    return e.json(200, Object.assign({ id: id }, require(`${__hooks}/lib/analytics/summary.js`).summaryFor(e, query)));
  },
  $apis.requireAuth("users"),
);

// Every minute, when a day has ended since the last upkeep (the site's midnight, or
// the first minute after a start that missed it): roll up the finished days, apply the
// retention, drop old salts. In the cron, so a long catch-up never delays the server's start.
cronAdd("analytics_maintenance", "* * * * *", () => {
  const analytics = require(`${__hooks}/lib/analytics/analytics.js`);
  if (analytics.isDue($app, Date.now())) analytics.maintain($app, Date.now());
});
