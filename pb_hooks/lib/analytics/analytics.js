// First-party analytics, the JSVM part: the tables (created by
// pb_migrations/*_analytics.js), storing a hit, the daily salt, the nightly rollup and
// retention. The summary the admin reads is lib/analytics/summary.js; what a hit may be
// and how a user agent is read are in lib/analytics/rules.js.
//
// Privacy: a visitor is a hash of the day's random salt, the address, the user agent
// and the site's host. The salt lives only for its day (then it is deleted), so the
// same person on two days gives two unrelated ids; the address and the user agent are
// never stored.

const RULES = require(`${__hooks}/lib/analytics/rules.js`);

const TABLES = [
  `CREATE TABLE IF NOT EXISTS analytics_hits (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ts TEXT NOT NULL,
    day TEXT NOT NULL,
    visitor TEXT NOT NULL,
    path TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    referrer TEXT NOT NULL DEFAULT '',
    event TEXT NOT NULL DEFAULT '',
    utm_source TEXT NOT NULL DEFAULT '',
    utm_medium TEXT NOT NULL DEFAULT '',
    utm_campaign TEXT NOT NULL DEFAULT '',
    browser TEXT NOT NULL DEFAULT '',
    os TEXT NOT NULL DEFAULT '',
    device TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT ''
  )`,
  // The summary's live part reads one day's page views or events; retention deletes by day.
  "CREATE INDEX IF NOT EXISTS idx_analytics_hits_day_event ON analytics_hits (day, event)",
  `CREATE TABLE IF NOT EXISTS analytics_daily (
    day TEXT NOT NULL,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    label TEXT NOT NULL DEFAULT '',
    pageviews INTEGER NOT NULL DEFAULT 0,
    visitors INTEGER NOT NULL DEFAULT 0,
    count INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, kind, key, label)
  ) WITHOUT ROWID`,
  "CREATE TABLE IF NOT EXISTS analytics_rolled (day TEXT PRIMARY KEY) WITHOUT ROWID",
  "CREATE TABLE IF NOT EXISTS analytics_salts (day TEXT PRIMARY KEY, salt TEXT NOT NULL) WITHOUT ROWID",
  // Today's aggregates on a busy day, reused for a minute (see todayRows).
  "CREATE TABLE IF NOT EXISTS analytics_today (day TEXT PRIMARY KEY, computed_at INTEGER NOT NULL, rows TEXT NOT NULL) WITHOUT ROWID",
];

/** From this many hits in a day, today's aggregates are reused for LIVE_CACHE_MS instead of recomputed. */
const LIVE_CACHE_FROM_HITS = 20000;
const LIVE_CACHE_MS = 60 * 1000;

function ensureTables(app) {
  for (const sql of TABLES) app.db().newQuery(sql).execute();
}

function dropTables(app) {
  for (const table of ["analytics_hits", "analytics_daily", "analytics_rolled", "analytics_salts", "analytics_today"]) {
    app.db().newQuery(`DROP TABLE IF EXISTS ${table}`).execute();
  }
}

/** Today's salt, made on the day's first hit (two runtimes racing keep the first one). */
function saltOf(app, day) {
  app
    .db()
    .newQuery("INSERT OR IGNORE INTO analytics_salts (day, salt) VALUES ({:day}, {:salt})")
    .bind({ day: day, salt: $security.randomString(48) })
    .execute();
  const row = new DynamicModel({ salt: "" });
  app.db().newQuery("SELECT salt FROM analytics_salts WHERE day = {:day}").bind({ day: day }).one(row);
  return row.salt;
}

/**
 * Stores a parsed hit; false when the user agent is a bot (nothing stored).
 * @param {{ ip: string, userAgent: string, host: string, now: number }} from
 */
function record(app, hit, from) {
  const agent = RULES.classify(from.userAgent);
  if (agent.bot) return false;
  const day = RULES.localDay(from.now);
  const visitor = $security.sha256(`${saltOf(app, day)}|${from.ip}|${from.userAgent}|${from.host}`);
  app
    .db()
    .newQuery(
      "INSERT INTO analytics_hits (ts, day, visitor, path, title, referrer, event, utm_source, utm_medium, utm_campaign, browser, os, device) " +
        "VALUES ({:ts}, {:day}, {:visitor}, {:path}, {:title}, {:referrer}, {:event}, {:utmSource}, {:utmMedium}, {:utmCampaign}, {:browser}, {:os}, {:device})",
    )
    .bind({
      ts: new Date(from.now).toISOString(),
      day: day,
      visitor: visitor,
      path: hit.path,
      title: hit.title,
      referrer: hit.referrer,
      event: hit.event,
      utmSource: hit.utm.source,
      utmMedium: hit.utm.medium,
      utmCampaign: hit.utm.campaign,
      browser: agent.browser,
      os: agent.os,
      device: agent.device,
    })
    .execute();
  return true;
}

/** The rows of a query as plain objects with the fields of `shape`. */
function rows(app, sql, params, shape) {
  const result = arrayOf(new DynamicModel(shape));
  app
    .db()
    .newQuery(sql)
    .bind(params || {})
    .all(result);
  const fields = Object.keys(shape);
  return result.map((row) => {
    const plain = {};
    for (const field of fields) plain[field] = row[field];
    return plain;
  });
}

/**
 * The daily aggregates of the raw hits of days `from`..`to`, in analytics_daily's shape:
 * what the nightly rollup stores and what the summary computes live for today.
 */
function aggregate(app, from, to) {
  const range = { from: from, to: to };
  const shape = { day: "", kind: "", key: "", label: "", pageviews: 0, visitors: 0, count: 0 };
  const views = "FROM analytics_hits WHERE day BETWEEN {:from} AND {:to} AND event = ''";
  const dimension = (kind, column) =>
    rows(
      app,
      `SELECT day, '${kind}' AS kind, ${column} AS key, '' AS label, COUNT(*) AS pageviews, COUNT(DISTINCT visitor) AS visitors, 0 AS count ${views} GROUP BY day, ${column}`,
      range,
      shape,
    );
  return [].concat(
    rows(
      app,
      `SELECT day, 'total' AS kind, '' AS key, '' AS label, COUNT(*) AS pageviews, COUNT(DISTINCT visitor) AS visitors,
        (SELECT COUNT(*) FROM (SELECT 1 FROM analytics_hits b WHERE b.day = h.day AND b.event = '' GROUP BY b.visitor HAVING COUNT(*) = 1)) AS count
       FROM analytics_hits h WHERE day BETWEEN {:from} AND {:to} AND event = '' GROUP BY day`,
      range,
      shape,
    ),
    rows(
      app,
      `SELECT day, 'page' AS kind, path AS key, MAX(title) AS label, COUNT(*) AS pageviews, COUNT(DISTINCT visitor) AS visitors, 0 AS count ${views} GROUP BY day, path`,
      range,
      shape,
    ),
    dimension("referrer", "referrer"),
    dimension("device", "device"),
    dimension("browser", "browser"),
    dimension("os", "os"),
    dimension("utm", "utm_source"),
    rows(
      app,
      `SELECT day, 'event' AS kind, event AS key, path AS label, 0 AS pageviews, COUNT(DISTINCT visitor) AS visitors, COUNT(*) AS count
       FROM analytics_hits WHERE day BETWEEN {:from} AND {:to} AND event NOT IN ('', {:notFound}) GROUP BY day, event, path`,
      { from: from, to: to, notFound: RULES.NOT_FOUND },
      shape,
    ),
    // Visits to the not-found page: the address asked for and the page that led there.
    rows(
      app,
      `SELECT day, 'not_found' AS kind, path AS key, referrer AS label, 0 AS pageviews, COUNT(DISTINCT visitor) AS visitors, COUNT(*) AS count
       FROM analytics_hits WHERE day BETWEEN {:from} AND {:to} AND event = {:notFound} GROUP BY day, path, referrer`,
      { from: from, to: to, notFound: RULES.NOT_FOUND },
      shape,
    ),
    rows(
      app,
      `SELECT day, 'converted' AS kind, '' AS key, '' AS label, 0 AS pageviews, COUNT(DISTINCT visitor) AS visitors, COUNT(*) AS count
       FROM analytics_hits WHERE day BETWEEN {:from} AND {:to} AND event IN (${RULES.CONVERSIONS.map((e) => `'${e}'`).join(", ")})
       GROUP BY day`,
      range,
      shape,
    ),
  );
}

/** The newest day already rolled up, or ''. */
function lastRolled(app) {
  const row = new DynamicModel({ day: "" });
  try {
    app.db().newQuery("SELECT COALESCE(MAX(day), '') AS day FROM analytics_rolled").one(row);
  } catch (_) {
    return "";
  }
  return row.day;
}

/**
 * Whether a day has ended since the last upkeep: hits of a finished day not rolled up,
 * or a salt of an earlier day. Index lookups only, cheap enough for every minute.
 */
function isDue(app, now) {
  const today = RULES.localDay(now);
  const rolled = lastRolled(app);
  const pendingHits = rows(
    app,
    "SELECT COUNT(*) AS n FROM (SELECT 1 FROM analytics_hits WHERE day > {:rolled} AND day < {:today} LIMIT 1)",
    { rolled: rolled, today: today },
    { n: 0 },
  )[0].n;
  const oldSalts = rows(app, "SELECT COUNT(*) AS n FROM analytics_salts WHERE day < {:today}", { today: today }, { n: 0 })[0].n;
  return pendingHits > 0 || oldSalts > 0;
}

/**
 * After a day ends: rolls up every finished day not yet rolled, deletes raw hits past
 * the retention and every salt but today's. Safe to run any time.
 */
function maintain(app, now) {
  const today = RULES.localDay(now);
  const pending = rows(
    app,
    "SELECT DISTINCT day FROM analytics_hits WHERE day > {:rolled} AND day < {:today} ORDER BY day",
    { rolled: lastRolled(app), today: today },
    { day: "" },
  );
  for (const { day } of pending) {
    app.runInTransaction((tx) => {
      tx.db().newQuery("DELETE FROM analytics_daily WHERE day = {:day}").bind({ day: day }).execute();
      for (const row of aggregate(tx, day, day)) {
        tx.db()
          .newQuery(
            "INSERT INTO analytics_daily (day, kind, key, label, pageviews, visitors, count) VALUES ({:day}, {:kind}, {:key}, {:label}, {:pageviews}, {:visitors}, {:count})",
          )
          .bind({
            day: row.day,
            kind: row.kind,
            key: row.key,
            label: row.label,
            pageviews: row.pageviews,
            visitors: row.visitors,
            count: row.count,
          })
          .execute();
      }
      tx.db().newQuery("INSERT OR IGNORE INTO analytics_rolled (day) VALUES ({:day})").bind({ day: day }).execute();
    });
  }
  app
    .db()
    .newQuery("DELETE FROM analytics_hits WHERE day < {:oldest}")
    .bind({ oldest: RULES.daysBefore(today, RULES.RETENTION_DAYS) })
    .execute();
  app.db().newQuery("DELETE FROM analytics_salts WHERE day < {:today}").bind({ today: today }).execute();
  app.db().newQuery("DELETE FROM analytics_today").execute();
  return { rolled: pending.length };
}

module.exports = {
  ensureTables,
  dropTables,
  record,
  isDue,
  maintain,
  rows,
  aggregate,
  lastRolled,
  LIVE_CACHE_FROM_HITS,
  LIVE_CACHE_MS,
};
