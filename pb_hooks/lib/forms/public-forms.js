// The public forms (contact, comment, newsletter) sent by the browser itself: before
// their island has loaded, or with JavaScript off. Such a form posts
// application/x-www-form-urlencoded to the very endpoint the islands post JSON to
// (POST /api/collections/{collection}/records), so both go through the same API rule,
// hooks, rate limits and size limit. Only the answer differs (the request guard,
// lib/common/request-guards.js, calls handle(); server/forms holds PocketBase's JSON back):
// - stored: 303 to the form's pt-BR result page (sent; awaiting moderation; ...);
// - refused: what was typed is kept on the server for DRAFT_MINUTES under a random
//   token in an HttpOnly cookie, never in a URL, and a 303 leads to /formularios/revisar
//   (lib/forms/form-review.js), the form again with the values and a pt-BR message beside
//   each field.
// A filled honeypot gets the sent page, as the islands pretend success to bots.
//
// The parts: lib/forms/once.js (one record per sending), lib/forms/origins.js (where a
// form comes from and goes), lib/forms/fields.js (labels and pt-BR refusals),
// lib/forms/drafts.js (what a refused form keeps for its review page).

const SPEC = require(`${__hooks}/../shared/public-forms.json`);
const { once } = require(`${__hooks}/lib/forms/once.js`);
const { siteOrigin, fromElsewhere, sentLocation } = require(`${__hooks}/lib/forms/origins.js`);
const { sentValue, fieldsOf, describeError } = require(`${__hooks}/lib/forms/fields.js`);
const { answerRefused, currentDraft, forgetDraft, sweep, REVIEW_PATH } = require(`${__hooks}/lib/forms/drafts.js`);

const CREATE = "POST /api/collections/{collection}/records";

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

/** The collection of a public form's create request (JSON or native), or "". */
function publicForm(e) {
  if (e.request.pattern !== CREATE) return "";
  const name = e.request.pathValue("collection");
  return Object.prototype.hasOwnProperty.call(SPEC.forms, name) ? name : "";
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
    const pages = require(`${__hooks}/lib/forms/server-pages.js`);
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
