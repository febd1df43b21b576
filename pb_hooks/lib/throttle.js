// Sign-in throttling per account: after MAX_FAILURES failed sign-ins for one
// e-mail within WINDOW_MINUTES, further attempts for it answer 429 until the window
// passes. Kept in the login_attempts collection so it survives restarts.

const MAX_FAILURES = 5;
const WINDOW_MINUTES = 15;
const MESSAGE = "Muitas tentativas de login. Tente novamente em 15 minutos.";

function windowStart() {
  return new DateTime().add(-WINDOW_MINUTES * 60 * 1000 * 1000 * 1000).string();
}

function normalize(identity) {
  return String(identity || "")
    .trim()
    .toLowerCase()
    .slice(0, 255);
}

function assertAllowed(app, identity) {
  const failures = app.countRecords(
    "login_attempts",
    $dbx.exp("identity = {:identity} AND created >= {:since}", { identity: identity, since: windowStart() }),
  );
  if (failures >= MAX_FAILURES) throw new TooManyRequestsError(MESSAGE);
}

function recordFailure(app, identity, ip) {
  const attempt = new Record(app.findCollectionByNameOrId("login_attempts"));
  attempt.set("identity", identity);
  attempt.set("ip", ip || "");
  app.save(attempt);
}

function clearFailures(app, identity) {
  app.db().newQuery("DELETE FROM login_attempts WHERE identity = {:identity}").bind({ identity: identity }).execute();
}

function purgeOld(app) {
  app
    .db()
    .newQuery("DELETE FROM login_attempts WHERE created < {:since}")
    .bind({ since: new DateTime().add(-24 * 3600 * 1e9).string() })
    .execute();
}

module.exports = { normalize, assertAllowed, recordFailure, clearFailures, purgeOld, MAX_FAILURES };
