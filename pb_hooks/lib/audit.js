// The audit log. Request hooks (which know who acts and from where) annotate the
// record with an "@audit" custom value that is never stored; the after-success
// model hooks then write the row, so changes made without a request (cron jobs,
// migrations, hooks) are logged too, as the system.

const MARK = "@audit";
const SYSTEM = { user: "", actor: "sistema", ip: "" };

/** Fields that must never reach an audit row, per collection. */
const SECRET_FIELDS = ["password", "tokenKey", "passwordConfirm", "oldPassword"];

function actorOf(e) {
  const ip = e.realIP ? e.realIP() : "";
  const auth = e.auth;
  if (!auth) return { user: "", actor: "visitante", ip: ip };
  if (auth.isSuperuser()) return { user: "", actor: "superuser " + auth.email(), ip: ip };
  return { user: auth.id, actor: auth.email(), ip: ip };
}

/** Called from *Request hooks before e.next(). */
function annotate(e) {
  e.record.set(MARK, JSON.stringify(actorOf(e)));
}

function snapshot(record) {
  if (!record) return null;
  const copy = record.clone();
  copy.ignoreEmailVisibility(true);
  const data = JSON.parse(JSON.stringify(copy.publicExport()));
  for (const field of SECRET_FIELDS) delete data[field];
  delete data.collectionId;
  delete data.collectionName;
  delete data.expand;
  if (record.collection().name === "public_site_settings" && /^smtp_password$/.test(String(data.key))) {
    data.value = "[oculto]";
  }
  return data;
}

function write(app, action, record, oldValues, newValues) {
  let who = SYSTEM;
  const mark = record.get(MARK);
  if (mark) {
    try {
      who = JSON.parse(mark);
    } catch (_) {
      who = SYSTEM;
    }
  }
  let collection;
  try {
    // The cached schema: reading it from the database on every write was a large
    // share of the log's cost (bench/api-scale.mjs).
    collection = app.findCachedCollectionByNameOrId("audit_logs");
  } catch (_) {
    // Only while the first migration builds the schema: its seed rows predate the log.
    return;
  }
  const audit = new Record(collection);
  audit.set("user", who.user || "");
  audit.set("actor", who.actor || "");
  audit.set("ip", who.ip || "");
  audit.set("action", action);
  audit.set("table_name", record.collection().name);
  audit.set("record_id", record.id);
  audit.set("old_values", oldValues);
  audit.set("new_values", newValues);
  app.save(audit);
}

/**
 * Runs the record's own write (e.next()) and then writeRow(txApp) in one
 * transaction (joining the caller's, when there is one).
 */
function inTransaction(e, writeRow) {
  const original = e.app;
  try {
    original.runInTransaction((txApp) => {
      e.app = txApp;
      e.next();
      writeRow(txApp);
    });
  } finally {
    e.app = original;
  }
}

module.exports = { annotate, inTransaction, snapshot, write };
