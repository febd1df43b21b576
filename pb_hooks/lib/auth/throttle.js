// Throttles kept in the login_attempts collection (so they survive restarts), one
// row per counted event under a key:
// - sign-in, per ACCOUNT (`users:<id>`, `_superusers:<id>`) whatever letter case is
//   typed, or per typed e-mail (normalised) when no account has it: after
//   MAX_FAILURES failures within WINDOW_MINUTES further attempts answer 429 until the
//   window passes, or until a password reset through the e-mailed link;
// - password-reset requests, per e-mail and per requesting address (RESET_LIMITS).
// Each attempt is counted BEFORE the password is checked, in one transaction with the
// count (PocketBase runs transactions one at a time), so parallel attempts cannot all
// slip in under the limit: 30 at once still reach the password check only 5 times.

const MAX_FAILURES = 5;
const WINDOW_MINUTES = 15;
const MESSAGE =
  "Muitas tentativas de login. Tente novamente em 15 minutos. Para entrar agora, redefina sua senha na aba 'Recuperar'.";

const RESET_LIMITS = { perEmail: 3, perAddress: 10, windowMinutes: 60 };
const RESET_MESSAGE = "Muitas solicitações de recuperação de senha. Tente novamente mais tarde.";

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function minutesAgo(minutes) {
  return new DateTime().add(-minutes * 60 * 1e9).string();
}

/** A typed e-mail as stored (lib/auth/accounts.js), bounded for a throttle key. */
function normalize(identity) {
  return require(`${__hooks}/lib/auth/accounts.js`).normalizeEmail(identity).slice(0, 200);
}

/** The key a sign-in's failures count under: the account it names, else the typed e-mail. */
function signInKey(collectionName, record, identity) {
  return record ? `${collectionName}:${record.id}` : `${collectionName}:email:${normalize(identity)}`;
}

/**
 * Atomically counts `key`'s events since `windowMinutes` ago and, when fewer than
 * `max`, records one more. Returns whether it was recorded (false: over the limit).
 */
function reserve(app, key, ip, max, windowMinutes) {
  let recorded = false;
  app.runInTransaction((tx) => {
    const row = new DynamicModel({ n: 0 });
    tx.db()
      .newQuery("SELECT COUNT(*) AS n FROM login_attempts WHERE identity = {:key} AND created >= {:since}")
      .bind({ key: key, since: minutesAgo(windowMinutes) })
      .one(row);
    if (row.n >= max) return;
    tx.db()
      .newQuery("INSERT INTO login_attempts (id, identity, ip, created) VALUES ({:id}, {:key}, {:ip}, {:now})")
      .bind({
        id: $security.randomStringWithAlphabet(15, ID_ALPHABET),
        key: key,
        ip: String(ip || "").slice(0, 64),
        now: new DateTime().string(),
      })
      .execute();
    recorded = true;
  });
  return recorded;
}

/** How many of `key`'s events were recorded since `windowMinutes` ago. */
function count(app, key, windowMinutes) {
  const row = new DynamicModel({ n: 0 });
  app
    .db()
    .newQuery("SELECT COUNT(*) AS n FROM login_attempts WHERE identity = {:key} AND created >= {:since}")
    .bind({ key: key, since: minutesAgo(windowMinutes) })
    .one(row);
  return row.n;
}

function clear(app, key) {
  app.db().newQuery("DELETE FROM login_attempts WHERE identity = {:key}").bind({ key: key }).execute();
}

/**
 * Runs a password sign-in (`e` of onRecordAuthWithPasswordRequest) under the
 * per-account throttle: the attempt counts as a failure unless it succeeds, and a
 * success clears only its own account's failures. The right password of an account
 * that needs the second step (PocketBase answers 401 with an mfaId, lib/auth/two-step.js)
 * is a success here: the password is proven, the code has its own limits.
 */
function guardSignIn(e) {
  const key = signInKey(e.collection.name, e.record, e.identity);
  if (!reserve(e.app, key, e.realIP(), MAX_FAILURES, WINDOW_MINUTES)) throw new TooManyRequestsError(MESSAGE);
  try {
    e.next();
  } catch (err) {
    if (require(`${__hooks}/lib/auth/two-step.js`).isSecondStepAnswer(e, err)) clear(e.app, key);
    throw err;
  }
  clear(e.app, key);
}

/** After a password reset through the e-mailed link: the owner is let in at once. */
function clearAccount(app, record) {
  clear(app, signInKey(record.collection().name, record, ""));
}

/**
 * A password-reset request (`e` of the request middleware, lib/common/request-guards.js): at
 * most RESET_LIMITS.perAddress per requesting address (throws 429) and
 * RESET_LIMITS.perEmail per e-mail (returns false: the caller answers 204, as for a
 * sent e-mail, so it reveals nothing about the address); true to go on.
 */
function allowResetRequest(e, collectionName) {
  const { perEmail, perAddress, windowMinutes } = RESET_LIMITS;
  // The address PocketBase's handler will read (`EMAIL` included: lib/common/request-body.js).
  const typed = require(`${__hooks}/lib/common/request-body.js`).formValues(e, { email: "" }).email;
  // What is no e-mail gets PocketBase's 400 and sends nothing: not counted.
  if (!require(`${__hooks}/lib/common/input.js`).isEmail(typed.trim())) return true;
  const ip = e.realIP();
  if (!reserve(e.app, `reset-ip:${ip}`, ip, perAddress, windowMinutes)) throw new TooManyRequestsError(RESET_MESSAGE);
  return reserve(e.app, `reset:${collectionName}:${normalize(typed)}`, ip, perEmail, windowMinutes);
}

function purgeOld(app) {
  app
    .db()
    .newQuery("DELETE FROM login_attempts WHERE created < {:since}")
    .bind({ since: minutesAgo(24 * 60) })
    .execute();
}

module.exports = {
  reserve,
  count,
  clear,
  guardSignIn,
  allowResetRequest,
  clearAccount,
  purgeOld,
  MAX_FAILURES,
  MESSAGE,
  RESET_LIMITS,
  RESET_MESSAGE,
};
