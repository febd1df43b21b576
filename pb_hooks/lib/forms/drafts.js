// A refused native form's draft: what the visitor typed, kept in memory for
// DRAFT_MINUTES under a random token in an HttpOnly cookie (never in a URL), for the
// review page (lib/forms/form-review.js). Memory is bounded: a flood of refusals is
// answered without drafts.

const SPEC = require(`${__hooks}/../shared/public-forms.json`);
const { HONEYPOT, sentValue, describeError, fieldsOf, fieldMessage, isPortuguese } = require(`${__hooks}/lib/forms/fields.js`);
const { backOf, sentLocation, isHttps } = require(`${__hooks}/lib/forms/origins.js`);
const { ONCE_PREFIX } = require(`${__hooks}/lib/forms/once.js`);

const COOKIE = "operium_form";
const REVIEW_PATH = "/formularios/revisar";
const DRAFT_MINUTES = 30;
// Drafts and sendings kept in memory at once, at most (lib/forms/public-forms.js's sweep job
// trims them), and the drafts' size all together: the one process serves the site, the
// admin and the API, so a flood of refusals must not grow it. Past either,
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
const STORE_PREFIX = "operium:form-draft:";

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
    return require(`${__hooks}/lib/forms/server-pages.js`).answer(
      e,
      problem.status === 429 ? 429 : 400,
      "Não foi possível enviar",
      `<h1>Não foi possível enviar</h1><p>${require(`${__hooks}/lib/forms/server-pages.js`).escapeHtml(summary)}</p>`,
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

module.exports = { answerRefused, currentDraft, forgetDraft, sweep, REVIEW_PATH };
