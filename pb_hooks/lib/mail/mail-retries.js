// What the hooks' background e-mails share (lib/newsletter/subscriptions.js's confirmations,
// lib/messages/contact-notify.js's messages to the team): a row is claimed by one run at a time
// with a compare-and-set UPDATE (runs after an answer and on a schedule may overlap), a
// claim whose run died is taken again after CLAIM_LEASE_MINUTES, and a failed send waits
// RETRY_MINUTES × 2^(failures - 1), at most a day, up to MAX_FAILURES tries, so rows a
// mail server refuses never stand in front of new ones.

const CLAIM_LEASE_MINUTES = 10;
const RETRY_MINUTES = 5;
const MAX_FAILURES = 8;

/** Runs an UPDATE meant for one row; whether it changed it (false: another run took it, or it changed). */
function updateOne(app, sql, params) {
  return app.db().newQuery(sql).bind(params).execute().rowsAffected() === 1;
}

/** How long to wait after the `failures`-th failure, in minutes. */
function pauseMinutes(failures) {
  return Math.min(RETRY_MINUTES * Math.pow(2, Math.max(0, failures - 1)), 24 * 60);
}

/** A time `minutes` from now (negative: ago), as PocketBase stores dates. */
function minutesFromNow(minutes) {
  return new DateTime().add(minutes * 60 * 1e9).string();
}

/** The SMTP reply code in a failure (e.g. 550), never its text: a refusal usually quotes the address. */
function replyCode(err) {
  const code = /\b([45][0-9][0-9])\b/.exec(String(err));
  return code ? code[1] : "sem código";
}

module.exports = { CLAIM_LEASE_MINUTES, MAX_FAILURES, updateOne, pauseMinutes, minutesFromNow, replyCode };
