// First-party analytics, the pure part (unit-tested in Node): what a hit may be, what
// a user agent says about its browser, and the local calendar day. The JSVM part,
// pb_hooks/lib/analytics/analytics.js, stores hits and answers the summary.

/** The events the site's beacon sends (src/analytics/beacon.ts), besides page views. */
const EVENTS = [
  "whatsapp_click",
  "quote_click",
  "contact_submit",
  "newsletter_signup",
  "datasheet_download",
  "software_download",
];

/**
 * What the beacon sends instead of a page view from the not-found page (the path is
 * the address asked for): never a page view, listed apart with where the visitor came
 * from, which is how editors find the broken links.
 */
const NOT_FOUND = "not_found";

/** The events that count as a conversion (someone asked for a quote or wrote to the company). */
const CONVERSIONS = ["whatsapp_click", "quote_click", "contact_submit"];

/** The largest hit body the route reads (bytes); more is a 413. */
const MAX_BODY_BYTES = 4096;

/** The site's day: Brasília time (UTC−3, no daylight saving since 2019). */
const UTC_OFFSET_MINUTES = -180;

/** Raw hits are kept this many days; the daily rollups forever. */
const RETENTION_DAYS = 30;

/** The periods the summary offers, in days. */
const PERIODS = [7, 30, 90];

const LIMITS = { path: 300, title: 200, referrer: 500, utm: 100 };

const BAD_HIT = "Visita inválida: envie JSON com path (começando por /), e opcionalmente referrer, event, title e utm.";

/**
 * The local day of an instant, 'YYYY-MM-DD'.
 * @param {number} ms
 * @example localDay(Date.UTC(2026, 0, 2, 2, 0)) // '2026-01-01' (23:00 in Brasília)
 */
function localDay(ms) {
  return new Date(ms + UTC_OFFSET_MINUTES * 60000).toISOString().slice(0, 10);
}

/** The day `n` days before a 'YYYY-MM-DD' day. @param {string} day @param {number} n */
function daysBefore(day, n) {
  const ms = Date.parse(`${day}T00:00:00Z`) - n * 86400000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, inclusive (at most 400). @param {string} from @param {string} to */
function daysBetween(from, to) {
  const days = [];
  for (let day = from; day <= to && days.length < 400; day = daysBefore(day, -1)) days.push(day);
  return days;
}

const text = (/** @type {unknown} */ value, /** @type {number} */ max) =>
  typeof value === "string" ? value.trim().slice(0, max) : "";

/**
 * The host of a referrer URL, lower case; '' for none, a non-web URL or the site itself.
 * @param {string} referrer @param {string} siteHost
 */
function referrerHost(referrer, siteHost) {
  const match = /^https?:\/\/(?:[^@/?#\s]*@)?([^/:?#@\s]+)/i.exec(String(referrer || ""));
  if (!match) return "";
  const host = String(match[1])
    .toLowerCase()
    .replace(/^www\./, "");
  const own = String(siteHost || "")
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^www\./, "");
  return host === own ? "" : host.slice(0, 253);
}

/**
 * The page a referrer URL names, without its query, fragment or credentials (where a
 * search term or a token would be); a page of the site itself as its path. '' for none
 * or a non-web URL. Kept for visits to the not-found page only: the page with the broken link.
 * @param {string} referrer @param {string} siteHost
 * @example referrerPage("https://www.google.com/search?q=x", "operium.com.br") // 'https://www.google.com/search'
 * @example referrerPage("https://operium.com.br/blog/a?b=1#c", "operium.com.br") // '/blog/a'
 */
function referrerPage(referrer, siteHost) {
  const match = /^(https?):\/\/(?:[^@/?#\s]*@)?([^/?#@\s]+)([^?#\s]*)/i.exec(String(referrer || ""));
  if (!match) return "";
  const path = match[3] || "/";
  // The site itself, as referrerHost() tells it (no port, with or without www).
  if (!referrerHost(referrer, siteHost)) return path.slice(0, LIMITS.referrer);
  return `${String(match[1]).toLowerCase()}://${String(match[2]).toLowerCase()}${path}`.slice(0, LIMITS.referrer);
}

/**
 * Reads a hit's body. Paths lose their query and fragment (campaign tags travel in
 * `utm`), so no search term or token a visitor typed is ever stored. The referrer is
 * kept as its host; for a visit to the not-found page, as its page (referrerPage).
 * @param {string} body @param {string} siteHost
 * @returns {{ error: string } | { hit: { path: string, title: string, referrer: string, event: string, utm: { source: string, medium: string, campaign: string } } }}
 * @example parseHit('{"path":"/produtos?x=1"}', "operium.com.br").hit.path // '/produtos'
 */
function parseHit(body, siteHost) {
  let value;
  try {
    value = JSON.parse(String(body || ""));
  } catch (_) {
    return { error: BAD_HIT };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return { error: BAD_HIT };
  const rawPath = typeof value.path === "string" ? value.path : "";
  const path = rawPath.split(/[?#]/)[0];
  if (!/^\/[^\s\\]*$/.test(path) || path.length > LIMITS.path || path.indexOf("//") !== -1) return { error: BAD_HIT };
  const event = value.event === undefined || value.event === null || value.event === "" ? "" : value.event;
  if (event !== "" && event !== NOT_FOUND && EVENTS.indexOf(event) === -1) {
    return { error: `Evento desconhecido. Aceitos: ${EVENTS.concat(NOT_FOUND).join(", ")}.` };
  }
  const utm = value.utm && typeof value.utm === "object" && !Array.isArray(value.utm) ? value.utm : {};
  return {
    hit: {
      path: path.length > 1 ? path.replace(/\/+$/, "") : path,
      title: text(value.title, LIMITS.title),
      referrer:
        event === NOT_FOUND
          ? referrerPage(text(value.referrer, LIMITS.referrer), siteHost)
          : referrerHost(text(value.referrer, LIMITS.referrer), siteHost),
      event: event,
      utm: {
        source: text(utm.source, LIMITS.utm).toLowerCase(),
        medium: text(utm.medium, LIMITS.utm).toLowerCase(),
        campaign: text(utm.campaign, LIMITS.utm),
      },
    },
  };
}

/** Crawlers, link previews, scripts and headless browsers: never counted. */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|pinterest|vkshare|whatsapp\/|telegram|skypeuripreview|headless|phantomjs|selenium|puppeteer|playwright|lighthouse|pagespeed|gtmetrix|python-|curl\/|wget|httpclient|go-http-client|okhttp|axios|node-fetch|undici|java\/|libwww|scrapy|postman|insomnia/i;

/**
 * What a user agent tells: a bot, or the browser family, OS family and device class.
 * The user agent itself is never stored.
 * @param {string} userAgent
 * @returns {{ bot: true } | { bot: false, browser: string, os: string, device: string }}
 */
function classify(userAgent) {
  const ua = String(userAgent || "");
  if (!ua || ua.length < 20 || BOT.test(ua)) return { bot: true };
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /SamsungBrowser/.test(ua)
        ? "Samsung Internet"
        : /Firefox|FxiOS/.test(ua)
          ? "Firefox"
          : /Chrome|CriOS/.test(ua)
            ? "Chrome"
            : /Safari/.test(ua)
              ? "Safari"
              : "Outro";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /CrOS/.test(ua)
          ? "ChromeOS"
          : /Mac OS X|Macintosh/.test(ua)
            ? "macOS"
            : /Linux/.test(ua)
              ? "Linux"
              : "Outro";
  const device =
    /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))
      ? "tablet"
      : /Mobi|iPhone|iPod|Android/.test(ua)
        ? "mobile"
        : "desktop";
  return { bot: false, browser: browser, os: os, device: device };
}

/**
 * The summary's period: `days` (7, 30 or 90, ending today) or `from`/`to` days.
 * @param {{ days?: string, from?: string, to?: string }} query @param {string} today
 * @returns {{ error: string } | { from: string, to: string }}
 */
function parsePeriod(query, today) {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (query.from || query.to) {
    const from = String(query.from || "");
    const to = String(query.to || today);
    if (!day.test(from) || !day.test(to) || isNaN(Date.parse(from)) || isNaN(Date.parse(to)) || from > to) {
      return { error: "Período inválido: use from e to no formato AAAA-MM-DD, com from antes de to." };
    }
    if (daysBetween(from, to).length > 366) return { error: "O período pode ter no máximo 366 dias." };
    return { from: from, to: to };
  }
  const days = query.days === undefined || query.days === "" ? 7 : Number(query.days);
  if (PERIODS.indexOf(days) === -1) return { error: `Período inválido: use days=${PERIODS.join(", ")}.` };
  return { from: daysBefore(today, days - 1), to: today };
}

module.exports = {
  EVENTS,
  NOT_FOUND,
  CONVERSIONS,
  MAX_BODY_BYTES,
  RETENTION_DAYS,
  PERIODS,
  localDay,
  daysBefore,
  daysBetween,
  referrerHost,
  referrerPage,
  parseHit,
  classify,
  parsePeriod,
};
