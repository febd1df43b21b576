// Session rules for staff tokens (accounts.pb.js):
// - a session lasts at most 8 hours from sign-in: the token lives 8 hours
//   (users.authToken.duration) and auth-refresh answers the token it was given, so
//   its expiry stays the sign-in's; once expired, refresh answers 401 in pt-BR;
// - an inactive account's token opens no route (records API, files, realtime, custom
//   routes): it only served to learn, at sign-in, that the account is inactive.

const EXPIRED_MESSAGE = "Sessão expirada. Por segurança, sua sessão foi encerrada.";
const INACTIVE_MESSAGE = "Conta inativa.";

const REFRESH = "POST /api/collections/{collection}/auth-refresh";
const SIGN_IN = "POST /api/collections/{collection}/auth-with-password";

function isStaff(record) {
  return Boolean(record) && record.collection().name === "users";
}

/** The route middleware: inactive staff tokens open nothing; an expired refresh says so in pt-BR. */
function checkRequest(e) {
  const pattern = e.request.pattern;
  const collection = e.request.pathValue("collection");
  if (isStaff(e.auth) && !e.auth.get("is_active")) {
    // A sign-in ignores the token a client may still send along.
    if (!(pattern === SIGN_IN && collection === "users")) throw new ForbiddenError(INACTIVE_MESSAGE);
  }
  if (pattern === REFRESH && collection === "users" && !e.auth) throw new UnauthorizedError(EXPIRED_MESSAGE);
}

const KEEP_TOKEN = "sessions.keepToken";

/** onRecordAuthRefreshRequest: marks the request, for keepSignInExpiry. */
function markRefresh(e) {
  e.set(KEEP_TOKEN, true);
  return e.next();
}

/**
 * onRecordAuthRequest: a refresh hands back the very token it was sent (already
 * verified by PocketBase), so the session's end never moves past the sign-in's.
 */
function keepSignInExpiry(e) {
  if (e.get(KEEP_TOKEN)) {
    // As PocketBase reads it: with or without "Bearer ".
    const token = String(e.requestInfo().headers["authorization"] || "").replace(/^Bearer\s+/i, "");
    if (token) e.token = token;
  }
  return e.next();
}

module.exports = { checkRequest, markRefresh, keepSignInExpiry, EXPIRED_MESSAGE, INACTIVE_MESSAGE };
