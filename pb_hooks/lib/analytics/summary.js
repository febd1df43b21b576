// First-party analytics: the summary the admin reads (Análise), from the tables
// lib/analytics/analytics.js keeps: today live, earlier days from the nightly rollup.

const RULES = require(`${__hooks}/lib/analytics/rules.js`);
const { rows, aggregate, lastRolled, LIVE_CACHE_FROM_HITS, LIVE_CACHE_MS } = require(`${__hooks}/lib/analytics/analytics.js`);

/**
 * Today's aggregates. Computed from the raw hits on every call on a quiet day; on a
 * busy one (LIVE_CACHE_FROM_HITS) reused for up to a minute, so the summary stays
 * fast at millions of hits (today's numbers then lag by at most that minute).
 */
function todayRows(app, day, now) {
  const size = rows(app, "SELECT COUNT(*) AS n FROM analytics_hits WHERE day = {:day}", { day: day }, { n: 0 })[0].n;
  if (size < LIVE_CACHE_FROM_HITS) return aggregate(app, day, day);
  const cached = rows(
    app,
    "SELECT computed_at, rows FROM analytics_today WHERE day = {:day} AND computed_at > {:since}",
    { day: day, since: now - LIVE_CACHE_MS },
    { computed_at: 0, rows: "" },
  );
  if (cached.length) return JSON.parse(cached[0].rows);
  const fresh = aggregate(app, day, day);
  app
    .db()
    .newQuery("INSERT OR REPLACE INTO analytics_today (day, computed_at, rows) VALUES ({:day}, {:at}, {:rows})")
    .bind({ day: day, at: now, rows: JSON.stringify(fresh) })
    .execute();
  return fresh;
}

/** Rows of a period: rolled days from analytics_daily, the rest computed from the raw hits. */
function periodRows(app, from, to) {
  const now = Date.now();
  const today = RULES.localDay(now);
  const rolled = lastRolled(app);
  const liveFrom = rolled && rolled >= from ? RULES.daysBefore(rolled, -1) : from;
  // Summed in SQL: per day only what the chart needs (totals), the rest per key.
  const stored =
    rolled && rolled >= from
      ? rows(
          app,
          `SELECT CASE WHEN kind IN ('total', 'converted') THEN day ELSE '' END AS day, kind, key,
             CASE WHEN kind IN ('event', 'not_found') THEN label ELSE MAX(label) END AS label,
             SUM(pageviews) AS pageviews, SUM(visitors) AS visitors, SUM(count) AS count
           FROM analytics_daily WHERE day BETWEEN {:from} AND {:to}
           GROUP BY CASE WHEN kind IN ('total', 'converted') THEN day ELSE '' END, kind, key,
             CASE WHEN kind IN ('event', 'not_found') THEN label ELSE '' END`,
          { from: from, to: rolled < to ? rolled : to },
          { day: "", kind: "", key: "", label: "", pageviews: 0, visitors: 0, count: 0 },
        )
      : [];
  if (liveFrom > to) return stored;
  // Days before today not rolled yet (the server was off at midnight) and today.
  const beforeToday = to < today ? to : RULES.daysBefore(today, 1);
  const past = liveFrom <= beforeToday ? aggregate(app, liveFrom, beforeToday) : [];
  return stored.concat(past, to >= today && liveFrom <= today ? todayRows(app, today, now) : []);
}

/** Sums rows by a key; the result sorted by `by`, largest first, at most `limit`. */
function top(list, keyOf, fields, by, limit) {
  const sums = {};
  for (const row of list) {
    const key = keyOf(row);
    const sum = sums[key] || (sums[key] = { key: key, label: "" });
    for (const field of fields) sum[field] = (sum[field] || 0) + row[field];
    if (row.label && row.day >= (sum.day || "")) {
      sum.label = row.label;
      sum.day = row.day;
    }
  }
  return Object.keys(sums)
    .map((key) => sums[key])
    .sort((a, b) => b[by] - a[by] || (a.key < b.key ? -1 : 1))
    .slice(0, limit);
}

const ratio = (part, whole) => (whole ? Math.round((part / whole) * 1000) / 1000 : 0);

/** The summary of a period, as GET /api/analytics/summary answers it. */
function summary(app, from, to) {
  const all = periodRows(app, from, to);
  const of = (kind) => all.filter((row) => row.kind === kind);
  const totals = of("total");
  const pageviews = totals.reduce((sum, row) => sum + row.pageviews, 0);
  const visitors = totals.reduce((sum, row) => sum + row.visitors, 0);
  const bounces = totals.reduce((sum, row) => sum + row.count, 0);
  const converted = of("converted").reduce((sum, row) => sum + row.visitors, 0);
  const byDay = {};
  for (const row of totals) byDay[row.day] = row;
  const pages = top(of("page"), (row) => row.key, ["pageviews", "visitors"], "pageviews", 100).map((row) => ({
    path: row.key,
    title: row.label,
    pageviews: row.pageviews,
    visitors: row.visitors,
  }));
  const visitorsBy = (kind, name) =>
    top(of(kind), (row) => row.key, ["visitors"], "visitors", 20).map((row) => ({ [name]: row.key, visitors: row.visitors }));
  return {
    from: from,
    to: to,
    pageviews: pageviews,
    visitors: visitors,
    bounce_rate: ratio(bounces, visitors),
    conversion_rate: ratio(converted, visitors),
    daily: RULES.daysBetween(from, to).map((day) => ({
      date: day,
      pageviews: byDay[day] ? byDay[day].pageviews : 0,
      visitors: byDay[day] ? byDay[day].visitors : 0,
    })),
    pages: pages.slice(0, 50),
    products: pages.filter((page) => /^\/produtos\/(?!linha\/)[^/]+$/.test(page.path)).slice(0, 20),
    referrers: visitorsBy("referrer", "source").map((row) => ({ source: row.source || "Direto", visitors: row.visitors })),
    devices: visitorsBy("device", "device"),
    browsers: visitorsBy("browser", "browser"),
    os: visitorsBy("os", "os"),
    campaigns: visitorsBy("utm", "source").filter((row) => row.source),
    events: top(of("event"), (row) => row.key, ["count", "visitors"], "count", 20).map((row) => ({
      name: row.key,
      count: row.count,
      visitors: row.visitors,
    })),
    conversions: top(
      of("event").filter((row) => RULES.CONVERSIONS.indexOf(row.key) !== -1),
      (row) => `${row.key}\u0000${row.label}`,
      ["count", "visitors"],
      "count",
      50,
    ).map((row) => ({ event: row.key.split("\u0000")[0], path: row.key.split("\u0000")[1], count: row.count })),
    not_found: top(of("not_found"), (row) => `${row.key}\u0000${row.label}`, ["count", "visitors"], "count", 50).map((row) => ({
      path: row.key.split("\u0000")[0],
      referrer: row.key.split("\u0000")[1],
      count: row.count,
      visitors: row.visitors,
    })),
  };
}

/** Throws unless the caller is an active admin or editor (the route requires a users token). */
function requireReader(e) {
  if (!require(`${__hooks}/lib/auth/staff.js`).isActiveEditor(e.auth)) {
    throw new ForbiddenError("Só administradores e editores ativos veem as estatísticas do site.");
  }
}

/**
 * What both summary routes answer: the caller checked (active admin or editor), the
 * period read (`days`, or `from`/`to`), its summary; a bad period is a 400.
 * @param {{ days?: string, from?: string, to?: string }} query
 */
function summaryFor(e, query) {
  requireReader(e);
  const period = RULES.parsePeriod(query, RULES.localDay(Date.now()));
  if (period.error) throw new BadRequestError(period.error);
  return summary(e.app, period.from, period.to);
}

module.exports = { summaryFor };
