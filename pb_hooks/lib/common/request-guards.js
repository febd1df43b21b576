// What pb_hooks/requests.pb.js checks on each request, in this order:
//   - PB_ADMIN_UI=off hides PocketBase's own dashboard (/_/) in production: 404. The
//     superusers' API (and so the CLI and backups tooling) stays, under the same throttle;
//   - an inactive account's token opens nothing; a refresh needs a live token (lib/auth/sessions.js);
//   - reset requests are limited per e-mail and per address (lib/auth/throttle.js); a reset,
//     verification or code request for an unknown address keeps it out of the request log;
//   - a sign-in code is only a second step, and is spent after 5 wrong tries (lib/auth/two-step.js);
//   - public creates are at most 64 KB (lib/common/body-limit.js); a public form the browser sent
//     itself (no JavaScript) is answered with pages (lib/forms/public-forms.js);
//   - `search=<text>` on the posts list becomes part of the request's filter (lib/posts/search.js);
//   - an update of a post or page keeps the `updated` its body sent (lib/revisions/revisions.js).

const RESET_REQUEST = "POST /api/collections/{collection}/request-password-reset";
const VERIFICATION_REQUEST = "POST /api/collections/{collection}/request-verification";
const CODE_REQUEST = "POST /api/collections/{collection}/request-otp";
const CODE_SIGN_IN = "POST /api/collections/{collection}/auth-with-otp";
const CREATE = "POST /api/collections/{collection}/records";
const LIST = "GET /api/collections/{collection}/records";
const UPDATE = "PATCH /api/collections/{collection}/records/{id}";

/** The path names the staff collection, by name or by id (a client may use either). */
function isUsers(e, nameOrId) {
  try {
    return e.app.findCachedCollectionByNameOrId(nameOrId).name === "users";
  } catch (_) {
    return false;
  }
}

/**
 * PocketBase answers a reset, verification or code request for an unknown address as
 * if it were known (204, or a made-up otpId), then returns an error that names the
 * address ("failed to fetch users record with email ..."), which its request log keeps
 * (_logs). The answer is written; the error is dropped, so nothing personal is logged.
 */
function withoutAddressInLog(e) {
  try {
    return e.next();
  } catch (err) {
    if (e.written()) return undefined;
    throw err;
  }
}

function guard(e) {
  if ($os.getenv("PB_ADMIN_UI") === "off" && /^\/_(\/|$)/.test(e.request.url.path)) throw new NotFoundError();
  require(`${__hooks}/lib/auth/sessions.js`).checkRequest(e);
  const pattern = e.request.pattern;
  if (pattern === RESET_REQUEST) {
    // Past the e-mail's limit: the answer of a sent mail, and no mail.
    if (!require(`${__hooks}/lib/auth/throttle.js`).allowResetRequest(e, e.request.pathValue("collection")))
      return e.noContent(204);
    return withoutAddressInLog(e);
  } else if (pattern === VERIFICATION_REQUEST || pattern === CODE_REQUEST) {
    return withoutAddressInLog(e);
  } else if (pattern === CODE_SIGN_IN && isUsers(e, e.request.pathValue("collection"))) {
    return require(`${__hooks}/lib/auth/two-step.js`).guardCodeAttempt(e);
  } else if (pattern === CREATE) {
    const limit = require(`${__hooks}/lib/common/body-limit.js`);
    const forms = require(`${__hooks}/lib/forms/public-forms.js`);
    const form = forms.nativeForm(e);
    const check = () => {
      if (limit.appliesTo(e)) limit.check(e);
    };
    // A form the browser sent itself gets pages, not JSON (lib/forms/public-forms.js); a
    // public form's sending stores one record however often it arrives.
    if (form) return forms.handle(e, form, check, () => e.next());
    check();
    const sent = forms.publicForm(e);
    if (sent) return forms.sendJson(e, sent, () => e.next());
  } else if (pattern === LIST) {
    require(`${__hooks}/lib/posts/search.js`).narrowListRequest(e);
  } else if (pattern === UPDATE) {
    require(`${__hooks}/lib/revisions/revisions.js`).rememberLoaded(e);
  }
  return e.next();
}

module.exports = { guard };
