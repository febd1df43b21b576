// One sending, one record: a double click or a retry after a lost answer finds the
// first one's outcome and gets the same answer (lib/forms/public-forms.js runs every
// public form's create through once()).

const { HONEYPOT } = require(`${__hooks}/lib/forms/fields.js`);

const ONCE_PREFIX = "operium:form-once:";
const ONCE_MINUTES = 10;
const ONCE_WAIT_MS = 3000;
const RUNNING_LEASE_MS = 15000;
const IDEMPOTENCY_FIELD = "idempotency_key";

/**
 * What names one sending: the island's key (one per sending, kept for its retries);
 * a form the browser sent itself has none, so its content and address name it.
 * A JSON request without a key (an API client) is never deduplicated.
 */
function sendingKey(e, collection, native) {
  let body;
  try {
    body = require(`${__hooks}/lib/common/request-body.js`).recordValues(e);
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

module.exports = { once, ONCE_PREFIX };
