// The public forms (contact, comment, newsletter) sent by the browser itself: before
// their island has loaded, or with JavaScript off. Such a form posts
// application/x-www-form-urlencoded to the very endpoint the islands post JSON to
// (POST /api/collections/{collection}/records), so both go through the same API rule,
// hooks, rate limits and size limit. Only the answer differs (the request guard,
// lib/request-guards.js, calls handle(); server/forms holds PocketBase's JSON back):
// - stored: 303 to the form's pt-BR result page (sent; awaiting moderation; ...);
// - refused: what was typed is kept on the server for DRAFT_MINUTES under a random
//   token in an HttpOnly cookie, never in a URL, and a 303 leads to /formularios/revisar
//   (lib/form-review.js), the form again with the values and a pt-BR message beside
//   each field.
// A filled honeypot gets the sent page, as the islands pretend success to bots.

const SPEC = require(`${__hooks}/lib/public-forms.json`);
const RULES = require(`${__hooks}/lib/content-rules.json`);

const CREATE = "POST /api/collections/{collection}/records";
const COOKIE = "operium_form";
const REVIEW_PATH = "/formularios/revisar";
const DRAFT_MINUTES = 30;
// Drafts and sendings kept in memory at once, at most (lib/public-forms.js's sweep job
// trims them), and the drafts' size all together: the one process serves the site, the
// admin and the API, so a flood of refusals must not grow it without bound. Past either,
// a refusal is answered without a draft.
const MAX_DRAFTS = 5000;
const MAX_DRAFT_BYTES = 8 * 1024 * 1024;
const DRAFT_BYTES_KEY = "operium:form-drafts-bytes";
// One address's drafts at once, so a flood from one cannot take everyone's room.
const MAX_DRAFTS_PER_ADDRESS = 20;
const DRAFT_ADDRESS_PREFIX = "operium:form-drafts-of:";
// What a draft keeps of a field without its own limit: a free text's worth, or a short value's.
const MAX_KEPT_CHARS = 5000;
const MAX_KEPT_SHORT_CHARS = 200;
// The page the form was on (the review page's 'Voltar'), when one of ours: a longer address is dropped.
const MAX_BACK_CHARS = 1000;
const STORE_PREFIX = "operium:form-draft:";
const HONEYPOT = "website";

// Request values shared with server/forms (Go).
const MARK = "operium.nativeForm";
const HELD_STATUS = "operium.heldStatus";

/**
 * The collection a request sends a native form to, or "" (JSON, the SDK, other routes).
 * Decided by the request guard, which marks the request for server/forms (Go), the
 * one that holds PocketBase's answer back for it.
 */
function nativeForm(e) {
  const name = publicForm(e);
  const type = String(e.request.header.get("Content-Type") || "").toLowerCase();
  const collection = name && type.indexOf("application/x-www-form-urlencoded") === 0 ? name : "";
  e.set(MARK, collection);
  return collection;
}

const ONCE_PREFIX = "operium:form-once:";
const ONCE_MINUTES = 10;
const ONCE_WAIT_MS = 3000;
const RUNNING_LEASE_MS = 15000;
const IDEMPOTENCY_FIELD = "idempotency_key";

/** The collection of a public form's create request (JSON or native), or "". */
function publicForm(e) {
  if (e.request.pattern !== CREATE) return "";
  const name = e.request.pathValue("collection");
  return Object.prototype.hasOwnProperty.call(SPEC.forms, name) ? name : "";
}

/**
 * What names one sending: the island's key (one per sending, kept for its retries);
 * a form the browser sent itself has none, so its content and address name it.
 * A JSON request without a key (an API client) is never deduplicated.
 */
function sendingKey(e, collection, native) {
  let body;
  try {
    body = require(`${__hooks}/lib/request-body.js`).recordValues(e);
  } catch (_) {
    return ""; // an unreadable body: PocketBase refuses it as it always has
  }
  const key = String(body[IDEMPOTENCY_FIELD] || "");
  if (/^[A-Za-z0-9-]{16,64}$/.test(key)) return `${collection}:${key}`;
  if (!native) return "";
  const names = Object.keys(body)
    .filter((name) => name !== HONEYPOT && name !== IDEMPOTENCY_FIELD)
    .sort();
  const content = names.map((name) => `${name}=${String(body[name])}`).join("\n");
  return `${collection}:${$security.sha256(`${e.realIP()}\n${content}`)}`;
}

/**
 * Runs `run` once per sending: a double click or a retry after a lost answer finds the
 * first one's outcome (waiting at most ONCE_WAIT_MS while it runs) and gets the same
 * answer, with no second record. A sending still 'running' after RUNNING_LEASE_MS (its
 * request died) is taken over.
 * @param {() => number} run the sending; returns its success status (2xx)
 */
function once(e, collection, native, run) {
  const key = sendingKey(e, collection, native);
  if (!key) return run();
  const store = e.app.store();
  const name = ONCE_PREFIX + key;
  const mine = $security.randomString(16);
  const deadline = Date.now() + ONCE_WAIT_MS;
  for (;;) {
    const entry = store.getOrSet(name, () => ({
      owner: mine,
      state: "running",
      status: 0,
      expires: Date.now() + RUNNING_LEASE_MS,
    }));
    if (entry.owner === mine) break;
    if (entry.expires < Date.now()) {
      store.remove(name);
      continue;
    }
    if (entry.state === "done") return entry.status; // sent before: the same answer
    if (Date.now() > deadline) break; // the first is slow: this one goes on its own
    sleep(50);
  }
  let status = 0;
  try {
    status = run();
  } finally {
    if (status >= 200 && status < 300) {
      store.set(name, { owner: mine, state: "done", status: status, expires: Date.now() + ONCE_MINUTES * 60 * 1000 });
    } else {
      store.remove(name); // refused or unknown: the next sending is judged anew
    }
  }
  return status;
}

/** The status of a JSON sending the handler answered, for its replays. */
function sendJson(e, collection, next) {
  forgetDraft(e);
  const status = once(e, collection, false, () => {
    next();
    return e.status();
  });
  if (e.written()) return undefined;
  return status === 204 ? e.noContent(204) : e.json(status, {});
}

/**
 * Handles a native form's request: `check` is the size limit, `next` PocketBase's own
 * handling, whose answer server/forms (Go) holds back for this request. The body is
 * read between the two, so a refusal before PocketBase reads it (a rate limit) still
 * keeps what was typed.
 */
function handle(e, collection, check, next) {
  if (fromElsewhere(e)) {
    const pages = require(`${__hooks}/lib/server-pages.js`);
    return pages.answer(e, 403, "Envio recusado", `<h1>Envio recusado</h1><p>${pages.escapeHtml(SPEC.messages.elsewhere)}</p>`);
  }
  // A new sending replaces the last refused one's draft (a refusal keeps a new one).
  forgetDraft(e);
  let status;
  try {
    check();
    e.request.parseForm();
    status = once(e, collection, true, () => {
      next();
      return Number(e.get(HELD_STATUS) || 0);
    });
  } catch (err) {
    return answerRefused(e, collection, err);
  }
  if (status >= 200 && status < 300) return e.redirect(303, sentLocation(e, collection, sentValue(e, "article")));
  return answerRefused(e, collection, new ApiError(status || 500, ""));
}

/** The form's text value as the browser sent it (the last one when repeated). */
function sentValue(e, name) {
  return String(e.request.postFormValue(name) || "");
}

/** The site's address when an operator set one (PUBLIC_SITE_URL), else "": lib/settings.js keeps it in appURL. */
function configuredSite(e) {
  const site = require(`${__hooks}/lib/settings.js`).siteAddress(e.app);
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
  const site = require(`${__hooks}/lib/settings.js`).siteAddress(e.app);
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

/** PocketBase's error as { status, fields: { name: { code, message } }, message }. */
function describeError(err) {
  let value = err && err.value !== undefined ? err.value : err;
  if (!value || typeof value.status !== "number") value = new BadRequestError("", value);
  const fields = {};
  const data = value.data || {};
  for (const name in data) {
    const item = data[name] || {};
    fields[name] = { code: String(item.code || ""), message: String(item.message || "") };
  }
  return { status: value.status, fields: fields, message: String(value.message || "") };
}

function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
}

/** The form's fields as the review page shows them: labels, options and limits. */
function fieldsOf(collection) {
  const spec = SPEC.forms[collection];
  let contact = null;
  if (collection === "contact_messages") {
    contact = JSON.parse(toString($os.readFile(`${__hooks}/../src/content/contact.json`))).form;
  }
  const contactKeys = { has_machine: "hasMachine" };
  return spec.fields.map((field) => {
    const copy = Object.assign({}, field);
    if (contact) {
      const key = contactKeys[field.name] || field.name;
      copy.label = contact.labels[key];
      copy.placeholder = field.kind === "select" ? "" : contact.placeholders[key];
      copy.selectPlaceholder = contact.selectPlaceholder;
      copy.options = contact.options[key] || null;
    } else if (collection === "comments" && RULES.comments[field.name]) {
      const limits = RULES.comments[field.name];
      copy.label = field.label || limits.label;
      if (limits.min !== undefined) copy.min = limits.min;
      if (limits.max !== undefined) copy.max = limits.max;
    }
    if (field.name === "consent") copy.label = spec.consentLabel;
    return copy;
  });
}

/**
 * Whether a message is one of our hooks' pt-BR texts: PocketBase's own are English
 * ("Invalid value format."), and every pt-BR text the hooks write has an accent.
 */
function isPortuguese(message) {
  return /[ãáàâéêíóôõúç]/i.test(String(message || ""));
}

/**
 * The pt-BR message for one refused field: our hooks' own text, or PocketBase's code
 * through public-forms.json's table (src/lib/public-forms.ts reads the same table).
 */
function fieldMessage(field, error) {
  if (isPortuguese(error.message)) return error.message;
  const byKind = SPEC.refusals[error.code] || {};
  const key = byKind[field.kind] || byKind["*"];
  return key ? format(SPEC.messages[key], field) : SPEC.messages.invalid;
}

function drafts(e) {
  return e.app.store();
}

/** The draft token the visitor's cookie holds, or "". */
function draftToken(e) {
  try {
    return e.request.cookie(COOKIE).value;
  } catch (_) {
    return ""; // no such cookie
  }
}

/** Adds `amount` to a counter in the store unless it would pass `max`; whether it did (atomic). */
function addUpTo(store, key, amount, max) {
  let added = false;
  store.setFunc(key, (value) => {
    const now = Number(value || 0);
    if (now + amount > max) return now;
    added = true;
    return now + amount;
  });
  return added;
}

function subtract(store, key, amount) {
  store.setFunc(key, (value) => Math.max(0, Number(value || 0) - amount));
}

/** Takes room for a draft: one of its address's share and its bytes of everyone's; false when either is spent. */
function reserveDraft(store, draft) {
  const address = DRAFT_ADDRESS_PREFIX + draft.ip;
  if (!addUpTo(store, address, 1, MAX_DRAFTS_PER_ADDRESS)) return false;
  if (addUpTo(store, DRAFT_BYTES_KEY, draft.bytes, MAX_DRAFT_BYTES)) return true;
  subtract(store, address, 1);
  return false;
}

/** Deletes a draft and gives its room back (once, however many ask at the same moment). */
function dropDraft(store, key) {
  let draft = null;
  store.setFunc(key, (value) => {
    draft = value || null;
    return null;
  });
  store.remove(key);
  if (!draft || !draft.bytes) return;
  subtract(store, DRAFT_BYTES_KEY, Number(draft.bytes));
  subtract(store, DRAFT_ADDRESS_PREFIX + draft.ip, 1);
}

function forgetDraft(e) {
  const token = draftToken(e);
  if (!token) return;
  dropDraft(drafts(e), STORE_PREFIX + token);
  e.setCookie(new Cookie({ name: COOKIE, value: "", path: "/", maxAge: -1, httpOnly: true, sameSite: 2 }));
}

/** Deletes expired drafts and sendings (the job every few minutes, and a flood). */
function sweep(store) {
  const now = Date.now();
  const all = store.getAll();
  for (const key in all) {
    const entry = all[key];
    // An address's count at 0 is left by its last draft: its key goes too.
    if (key.indexOf(DRAFT_ADDRESS_PREFIX) === 0 && Number(entry) === 0) store.remove(key);
    if (!entry || !(entry.expires < now)) continue;
    if (key.indexOf(STORE_PREFIX) === 0) dropDraft(store, key);
    else if (key.indexOf(ONCE_PREFIX) === 0) store.remove(key);
  }
}

/**
 * Whether the visitor reaches this server over HTTPS: a TLS connection, or a site
 * address (appURL) that is https, as behind the recommended TLS proxy.
 */
function isHttps(e) {
  if (e.request.tls) return true;
  return /^https:/.test(require(`${__hooks}/lib/settings.js`).siteAddress(e.app));
}

/**
 * Answers a refused native form: the typed values kept under a new token, and a 303 to
 * the review page. Nothing personal goes into the URL or the log.
 */
function answerRefused(e, collection, err) {
  if (sentValue(e, HONEYPOT) !== "") return e.redirect(303, sentLocation(e, collection, sentValue(e, "article")));
  const problem = describeError(err);
  const spec = SPEC.forms[collection];
  const fields = fieldsOf(collection);
  const values = {};
  const errors = {};
  // A body over the size limit is never read: nothing of it is kept.
  const readable = problem.status !== 413;
  for (const field of fields) {
    // At most what the field takes: a draft never holds more than a valid sending.
    const max = field.max || (field.kind === "textarea" ? MAX_KEPT_CHARS : MAX_KEPT_SHORT_CHARS);
    values[field.name] = readable ? sentValue(e, field.name).slice(0, max) : "";
    if (problem.fields[field.name]) errors[field.name] = fieldMessage(field, problem.fields[field.name]);
  }
  let summary = SPEC.messages.summary;
  if (problem.status === 429) summary = spec.rate || problem.message;
  else if (Object.keys(errors).length === 0) {
    // Not one of the fields (the article of a comment, a body too large): the server's pt-BR text when it has one.
    const other = Object.keys(problem.fields).map((name) => problem.fields[name].message)[0];
    summary = isPortuguese(other) ? other : SPEC.messages.failed;
  }
  const draft = {
    collection: collection,
    values: values,
    errors: errors,
    summary: summary,
    back: backOf(e),
    expires: Date.now() + DRAFT_MINUTES * 60 * 1000,
    ip: e.realIP(),
    bytes: 0,
  };
  // Its size in memory, about: two bytes a character, and the keys.
  draft.bytes = 2 * JSON.stringify(draft).length;
  const store = drafts(e);
  // Bounded memory: past MAX_DRAFTS, MAX_DRAFT_BYTES or the address's share (a flood),
  // refusals are answered without a draft; expired drafts are swept first.
  let room = store.length() < MAX_DRAFTS && reserveDraft(store, draft);
  if (!room) {
    sweep(store);
    room = store.length() < MAX_DRAFTS && reserveDraft(store, draft);
  }
  if (!room) {
    return require(`${__hooks}/lib/server-pages.js`).answer(
      e,
      problem.status === 429 ? 429 : 400,
      "Não foi possível enviar",
      `<h1>Não foi possível enviar</h1><p>${require(`${__hooks}/lib/server-pages.js`).escapeHtml(summary)}</p>`,
    );
  }
  const token = $security.randomString(32);
  store.set(STORE_PREFIX + token, draft);
  e.setCookie(
    new Cookie({
      name: COOKIE,
      value: token,
      path: "/",
      maxAge: DRAFT_MINUTES * 60,
      httpOnly: true,
      secure: isHttps(e),
      sameSite: 2, // Lax: sent on the 303's GET, never on another site's request
    }),
  );
  return e.redirect(303, REVIEW_PATH);
}

/** The draft the visitor's cookie names, or null (none, expired, or another visitor's). */
function currentDraft(e) {
  const token = draftToken(e);
  if (!/^[A-Za-z0-9]{32}$/.test(token)) return null;
  const draft = drafts(e).get(STORE_PREFIX + token);
  if (!draft || draft.expires < Date.now()) return null;
  return draft;
}

module.exports = {
  sweepStore: (app) => sweep(app.store()),
  siteOrigin,
  nativeForm,
  publicForm,
  handle,
  sendJson,
  answerRefused,
  currentDraft,
  fieldsOf,
  describeError,
  SPEC,
  REVIEW_PATH,
};
