// The audit log: one audit_logs row for every create, update and delete on the
// audited collections, whoever makes it (staff through the API, a superuser in the
// dashboard, a cron job, a CLI command), saved in the same transaction as the change.
// Bound in ../audit.pb.js; also used by routes that log actions on things that are not
// records (backups).

/** What the log covers. */
const AUDITED = [
  "users",
  "posts",
  "pages",
  "media",
  "public_site_settings",
  "comments",
  "privacy_requests",
  "newsletter_sends",
  "menus",
  "testimonials",
  "faq_entries",
  "partners",
  "product_lines",
  "products",
  "datasheets",
  "software",
];

const LOG_COLLECTION = "audit_logs";

const CHANGE_REFUSED = "O log de auditoria não pode ser alterado.";

/** The record's custom (never stored, never exported) value carrying who asked for the change. */
const ACTOR_KEY = "@audit";

/** Never in a row, whatever the collection. */
const SECRET_FIELDS = ["password", "tokenKey", "passwordConfirm", "oldPassword"];
/** Keys of PublicExport that say nothing about the change. */
const NOISE_FIELDS = ["collectionId", "collectionName", "expand"];

const SYSTEM = { user: "", actor: "sistema", ip: "", userAgent: "" };

const USER_AGENT_MAX = 512;

/** Who is behind a request, as they are at this moment (a later rename does not rewrite history). */
function actorOf(e) {
  const ip = e.realIP();
  // requestInfo, not e.request: record request events do not expose the embedded request to JS.
  const userAgent = String(e.requestInfo().headers["user_agent"] || "").slice(0, USER_AGENT_MAX);
  const auth = e.auth;
  if (!auth) return { user: "", actor: "visitante", ip: ip, userAgent: userAgent };
  if (auth.isSuperuser()) return { user: "", actor: "superuser " + auth.email(), ip: ip, userAgent: userAgent };
  return { user: auth.id, actor: auth.getString("full_name") || auth.email(), ip: ip, userAgent: userAgent };
}

/** Request hooks: remember who asked, for the write hooks (which see no request). */
function annotate(e) {
  e.record.set(ACTOR_KEY, actorOf(e));
  e.next();
}

/** What a row keeps of a record: its public fields (the e-mail included), never a secret. */
function snapshot(record) {
  if (!record) return null;
  let source = record;
  if (record.collection().isAuth()) {
    source = record.clone();
    source.ignoreEmailVisibility(true);
  }
  const data = source.publicExport();
  for (const key of SECRET_FIELDS) delete data[key];
  for (const key of NOISE_FIELDS) delete data[key];
  if (record.collection().name === "public_site_settings" && record.getString("key") === "smtp_password") {
    data.value = "[oculto]";
  }
  return data;
}

/**
 * Saves one row with `app` (a transaction's app, to share its fate).
 * @param {object} who { user, actor, ip, userAgent }
 */
function writeRow(app, who, action, tableName, recordId, oldValues, newValues) {
  let collection;
  try {
    collection = app.findCachedCollectionByNameOrId(LOG_COLLECTION);
  } catch (_) {
    // Only while the first migration builds the schema: its seed rows predate the log.
    return;
  }
  const row = new Record(collection);
  row.set("user", who.user || "");
  row.set("actor", who.actor || "");
  row.set("ip", who.ip || "");
  row.set("user_agent", who.userAgent || "");
  row.set("action", action);
  row.set("table_name", tableName);
  row.set("record_id", recordId);
  row.set("old_values", oldValues);
  row.set("new_values", newValues);
  app.save(row);
}

function whoChanged(record) {
  const who = record.get(ACTOR_KEY);
  return who && who.actor ? who : SYSTEM;
}

/** A visitor creating their own account acted as that account: the row names it, not "visitante". */
function selfSignUp(record, action) {
  const who = whoChanged(record);
  if (action !== "INSERT" || record.collection().name !== "users" || who.user !== "" || who.actor !== "visitante") return null;
  return { user: record.id, actor: record.getString("full_name") || record.email(), ip: who.ip, userAgent: who.userAgent };
}

/**
 * In an Execute hook: `check(tx)` when given, the record's own write (the rest of the
 * chain), then `write(tx)`, in one transaction (joining the caller's when there is
 * one). A failed check or `write` undoes the change.
 * @param {any} e @param {(tx: any) => void} write @param {(tx: any) => void} [check]
 */
function afterWrite(e, write, check) {
  const outer = e.app;
  outer.runInTransaction((tx) => {
    if (check) check(tx);
    e.app = tx;
    try {
      e.next();
    } finally {
      e.app = outer;
    }
    write(tx);
  });
}

const REVISION_ACTIONS = { INSERT: "create", UPDATE: "update", DELETE: "delete" };

/**
 * Execute hooks: the change, its row and (posts, pages, menus, pieces) its revision, in one
 * transaction; an update of one of those based on a stale copy is refused first.
 */
function logChange(e, action) {
  const before = action === "INSERT" ? null : snapshot(action === "DELETE" ? e.record : e.record.original());
  // Collections whose saves also leave a revision (lib/revisions/revisions.js REVISED), written by this
  // same handler: one JS hook per save instead of two keeps a staff save within 1.2× of one
  // without revisions (bench/revisions.mjs).
  const revised = require(`${__hooks}/lib/revisions/revisions.js`);
  const revisions = revised.REVISED.indexOf(e.record.collection().name) >= 0 ? revised : null;
  const revisedBefore = revisions && action === "UPDATE" ? revisions.dataOf(e.record.original()) : null;
  // New files go to the storage before the transaction opens (lib/audit/early-uploads.js).
  const uploads = require(`${__hooks}/lib/audit/early-uploads.js`);
  const stored = action === "DELETE" ? [] : uploads.storeBeforeSave(e.app, e.record);
  try {
    logInTransaction(e, action, before, revisions, revisedBefore);
  } catch (err) {
    uploads.discard(e.app, stored);
    throw err;
  }
}

function logInTransaction(e, action, before, revisions, revisedBefore) {
  afterWrite(
    e,
    (tx) => {
      const after = action === "DELETE" ? null : snapshot(e.record);
      writeRow(
        tx,
        selfSignUp(e.record, action) || whoChanged(e.record),
        action,
        e.record.collection().name,
        e.record.id,
        before,
        after,
      );
      if (revisions) revisions.writeRevision(tx, e.record, REVISION_ACTIONS[action], revisedBefore);
    },
    revisions && action === "UPDATE" ? (tx) => revisions.assertCurrent(tx, e.record) : undefined,
  );
}

/** Audit rows are history: nobody changes them through the API, superusers included. */
function refuseChange() {
  throw new ForbiddenError(CHANGE_REFUSED);
}

module.exports = {
  ACTOR_KEY,
  AUDITED,
  CHANGE_REFUSED,
  actorOf,
  annotate,
  logChange,
  refuseChange,
  snapshot,
  whoChanged,
  writeRow,
};
