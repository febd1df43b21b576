// Where a public form comes from and where its visitor goes next: a native form from
// another site's page is refused, and the result and review pages are this site's own,
// never what a request's headers say.

const SPEC = require(`${__hooks}/../shared/public-forms.json`);

// The page the form was on (the review page's 'Voltar'), when one of ours: a longer address is dropped.
const MAX_BACK_CHARS = 1000;

/** The site's address when an operator set one (PUBLIC_SITE_URL), else "": lib/settings/settings.js keeps it in appURL. */
function configuredSite(e) {
  const site = require(`${__hooks}/lib/settings/settings.js`).siteAddress(e.app);
  return /^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):[0-9]+$/.test(site) ? "" : site;
}

const hostOf = (origin) => String(origin).replace(/^https?:\/\//, "");

/**
 * Where the site's pages are, for the 303 to a result page: on this server (one process
 * serves site and API), by path; on another host (the site on a CDN), the site's
 * address. Never what the request says: a forged header must not choose where a
 * visitor lands.
 */
function siteOrigin(e) {
  const site = configuredSite(e);
  return site && hostOf(site) !== e.request.host ? site : "";
}

/** Whether an origin is this site's: this server's host, or the site's address (PUBLIC_SITE_URL). */
function ownOrigin(e, origin) {
  if (hostOf(origin) === e.request.host) return true;
  const site = configuredSite(e);
  return !!site && origin === site;
}

/**
 * Whether a native form comes from another site's page: browsers say where a form was
 * (Origin, Sec-Fetch-Site). Such a post could plant a review page full of someone
 * else's text, or drop a visitor's draft; it is refused. The Origin decides when the
 * browser sends one: Sec-Fetch-Site 'same-site' also covers a sibling subdomain, which
 * is not this site. Without an Origin (or with "null", which hides it), Sec-Fetch-Site
 * does; a browser that says nothing (an old one) is let through.
 */
function fromElsewhere(e) {
  const origin = String(e.request.header.get("Origin") || "");
  if (origin !== "" && origin !== "null") return !ownOrigin(e, origin);
  const fetchSite = String(e.request.header.get("Sec-Fetch-Site") || "");
  if (origin === "null") return fetchSite !== "same-origin";
  return fetchSite === "cross-site";
}

/**
 * Whether an address is a page of this site (the review page's 'Voltar' goes only
 * there): on the site's address or this server.
 */
function ownPage(e, url) {
  const site = require(`${__hooks}/lib/settings/settings.js`).siteAddress(e.app);
  const own = [site, `${e.request.tls ? "https" : "http"}://${e.request.host}`];
  return own.some((origin) => origin && (url === origin || url.indexOf(`${origin}/`) === 0));
}

/** The page a refused form was sent from, when one of ours and of sane length; else "". */
function backOf(e) {
  const referer = String(e.request.header.get("Referer") || "");
  return referer.length <= MAX_BACK_CHARS && ownPage(e, referer) ? referer : "";
}

/** The result page of a form; a comment's goes back to its article. */
function sentLocation(e, collection, article) {
  return siteOrigin(e) + SPEC.forms[collection].sentPath.replace("{article}", encodeURIComponent(article));
}

/**
 * Whether the visitor reaches this server over HTTPS: a TLS connection, or a site
 * address (appURL) that is https, as behind the recommended TLS proxy.
 */
function isHttps(e) {
  if (e.request.tls) return true;
  return /^https:/.test(require(`${__hooks}/lib/settings/settings.js`).siteAddress(e.app));
}

module.exports = { siteOrigin, fromElsewhere, backOf, sentLocation, isHttps };
