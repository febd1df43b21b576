/// <reference path="../pb_data/types.d.ts" />

// First-party analytics (pb_hooks/lib/analytics/analytics.js holds the definitions): raw hits
// (kept 30 days), daily rollups (kept), the days already rolled up and the day's salt.
// Plain SQLite tables, not collections: only the hooks' routes read or write them.
// The hit route gets a per-address limit of its own in the rate limiter.
migrate(
  (app) => {
    require(`${__hooks}/lib/analytics/analytics.js`).ensureTables(app);
    const settings = app.settings();
    const label = "/api/analytics/hit";
    if (!settings.rateLimits.rules.some((rule) => rule.label === label)) {
      settings.rateLimits.rules = [{ label: label, audience: "@guest", duration: 60, maxRequests: 120 }].concat(
        settings.rateLimits.rules,
      );
      app.save(settings);
    }
  },
  (app) => {
    require(`${__hooks}/lib/analytics/analytics.js`).dropTables(app);
  },
);
