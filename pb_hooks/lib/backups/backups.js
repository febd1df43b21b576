// Backups for the admin panel (pb_hooks/backups.pb.js). Staff are not PocketBase
// superusers, so these routes check for an active admin themselves and then use
// the same app API as PocketBase's own /api/backups: createBackup, restoreBackup
// and the backups filesystem (pb_data/backups, or S3 when configured).

const DENIED = "Você não tem permissão para gerenciar backups.";
const DOWNLOAD_DENIED =
  "Backups não são baixados pelo painel: eles contêm as chaves e senhas do sistema. " +
  "Quem opera o servidor baixa pelo dashboard do PocketBase (/_/) ou copia de pb_data/backups no disco do servidor.";
const BUSY = "Outro backup ou restauração já está em andamento. Tente novamente em instantes.";
const INVALID_NAME = "Nome de backup inválido.";
const NOT_FOUND = "Backup não encontrado.";

/** PocketBase's key for a running backup or restore (core.StoreKeyActiveBackup). */
const ACTIVE_KEY = "@activeBackup";
/** A random id per process start: the admin sees a restore finished when it changes. */
const BOOT_KEY = "admin:backups:bootId";
/** The last failed restore in this process (the data was left as it was). */
const FAILURE_KEY = "admin:backups:failure";
/**
 * A note left in pb_data/backups (kept across a restore) so the restarted process
 * can write the audit row of the restore into the restored database.
 */
const RESTORE_NOTE = ".restore-audit.json";

/**
 * Names we serve or restore: a .zip directly in the backups folder, as PocketBase
 * itself names them (ours backup_YYYYMMDD_HHMMSS.zip, the dashboard's
 * pb_backup_….zip, the scheduled @auto_pb_backup_….zip). No slash, no "..",
 * no leading dot: never a path outside that folder.
 */
const NAME = /^@?[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*\.zip$/;

function isValidName(name) {
  const value = String(name || "");
  return value.length <= 150 && NAME.test(value) && value.indexOf("..") === -1;
}

/** Throws unless the caller is an active admin (the route already requires a users token). */
function requireAdmin(e) {
  const auth = e.auth;
  if (!auth || auth.collection().name !== "users" || auth.get("role") !== "admin" || !auth.get("is_active")) {
    throw new ForbiddenError(DENIED);
  }
}

/**
 * Throws unless the caller is a superuser: a backup holds every key of the system.
 * Active admins get a reason of their own (they manage backups, but never hold them);
 * everyone else the usual refusal.
 */
function requireSuperuser(e) {
  if (e.hasSuperuserAuth()) return;
  requireAdmin(e);
  throw new ForbiddenError(DOWNLOAD_DENIED);
}

function isBusy(app) {
  return app.store().has(ACTIVE_KEY);
}

function withFilesystem(app, fn) {
  const fsys = app.newBackupsFilesystem();
  try {
    return fn(fsys);
  } finally {
    fsys.close();
  }
}

/**
 * How the REST list (lib/common/rest.js) may sort and filter backups: `id` (one name or
 * several: react-admin's getMany) and `q` (part of the name, any case).
 */
const LIST_SPEC = {
  sortFields: ["id", "name", "size", "modified"],
  defaultSort: ["modified", "DESC"],
  filters: { id: "list", q: "text" },
};

/** Backups matching a parsed REST filter. */
function matching(items, filter) {
  const q = filter.q ? filter.q.toLowerCase() : "";
  return items.filter(
    (item) => (!filter.id || filter.id.indexOf(item.id) !== -1) && (!q || item.name.toLowerCase().indexOf(q) !== -1),
  );
}

/**
 * The backups, newest first: { id, name, size, modified (ISO 8601) }; the id is the
 * file name (react-admin needs an id; names are unique in the folder).
 */
function list(app) {
  const objects = withFilesystem(app, (fsys) => fsys.list(""));
  const items = [];
  for (const object of objects) {
    if (!isValidName(object.key)) continue;
    items.push({
      id: object.key,
      name: object.key,
      size: object.size,
      modified: new Date(object.modTime.unixMilli()).toISOString(),
    });
  }
  items.sort((a, b) => (a.modified < b.modified ? 1 : a.modified > b.modified ? -1 : 0));
  return items;
}

function exists(app, name) {
  return withFilesystem(app, (fsys) => fsys.exists(name));
}

/** backup_YYYYMMDD_HHMMSS.zip (UTC); a suffix when that second is already taken. */
function newName(app, now) {
  const iso = (now || new Date()).toISOString();
  const base = `backup_${iso.slice(0, 10).replace(/-/g, "")}_${iso.slice(11, 19).replace(/:/g, "")}`;
  let name = `${base}.zip`;
  for (let n = 2; exists(app, name); n++) name = `${base}_${n}.zip`;
  return name;
}

/** Who asks, for the audit row (kept in the restore note across the restart). */
function whoOf(e) {
  return require(`${__hooks}/lib/audit/audit.js`).actorOf(e);
}

/** An audit row for a backup action ("backups" is not a collection: record_id is the file name). */
function audit(app, who, action, name, oldValues, newValues) {
  require(`${__hooks}/lib/audit/audit.js`).writeRow(app, who, action, "backups", name, oldValues, newValues);
}

/** Creates a backup now; returns its list entry. */
function create(e) {
  const app = e.app;
  if (isBusy(app)) throw new BadRequestError(BUSY);
  const name = newName(app);
  app.createBackup(e.request.context(), name);
  const item = list(app).find((entry) => entry.name === name) || {
    id: name,
    name: name,
    size: 0,
    modified: new Date().toISOString(),
  };
  try {
    audit(app, whoOf(e), "INSERT", name, null, { name: item.name, size: item.size });
  } catch (err) {
    app.logger().warn("backup audit row not written", "name", name, "error", String(err));
  }
  return item;
}

/** Validates a name from the URL and checks the backup exists; throws the API error otherwise. */
function requireExisting(app, name) {
  if (!isValidName(name)) throw new BadRequestError(INVALID_NAME);
  if (!exists(app, name)) throw new NotFoundError(NOT_FOUND);
}

/** The list entry of a backup named in the URL; throws the API error when there is none. */
function findOne(app, name) {
  if (!isValidName(name)) throw new BadRequestError(INVALID_NAME);
  // One listing answers both "does it exist" and "what is it".
  const item = list(app).find((entry) => entry.name === name);
  if (!item) throw new NotFoundError(NOT_FOUND);
  return item;
}

/** Deletes a backup file (never while a backup or restore runs); returns its last list entry. */
function remove(e, name) {
  const app = e.app;
  const item = findOne(app, name);
  if (isBusy(app)) throw new BadRequestError(BUSY);
  withFilesystem(app, (fsys) => fsys.delete(name));
  try {
    audit(app, whoOf(e), "DELETE", name, { name: item.name, size: item.size }, null);
  } catch (err) {
    app.logger().warn("backup audit row not written", "name", name, "error", String(err));
  }
  return item;
}

function bootId(app) {
  let id = app.store().get(BOOT_KEY);
  if (!id) {
    id = $security.randomString(16);
    app.store().set(BOOT_KEY, id);
  }
  return id;
}

/** What the admin polls while a restore runs, and the state of the database's replica. */
function status(app) {
  return {
    bootId: bootId(app),
    busy: isBusy(app),
    failed: app.store().get(FAILURE_KEY) || "",
    replication: replication(app),
  };
}

/** Where server/replication/replication.go leaves the function that reads its state. */
const REPLICA_STATUS_KEY = "operium.replica.status";

/**
 * The continuous replica (server/replication/): { enabled, running, bucket, intervalSeconds,
 * retentionDays, replicatedAt (ISO, when it last received a change), lagSeconds (how long
 * the newest change has waited), error, errorAt, and heldBy and leaseSeconds (how long its
 * lease outlives it) when another server holds the replica }, or { enabled: false, running: false, off }.
 */
function replication(app) {
  const read = app.store().get(REPLICA_STATUS_KEY);
  if (typeof read !== "function") return { enabled: false };
  const facts = read();
  const out = { enabled: facts.enabled === true, running: facts.running === true };
  if (!out.enabled) {
    // Why: "no-s3", "off" (REPLICA=off) or the configuration's pt-BR refusal.
    out.off = String(facts.off || "no-s3");
    return out;
  }
  for (const key of ["bucket", "replicatedAt", "error", "errorAt", "heldBy"]) out[key] = String(facts[key] || "");
  for (const key of ["intervalSeconds", "retentionDays", "lagSeconds", "leaseSeconds"]) out[key] = Number(facts[key] || 0);
  return out;
}

function recordFailure(app, name) {
  app.store().set(FAILURE_KEY, `A restauração de ${name} falhou; os dados atuais foram mantidos.`);
}

function clearFailure(app) {
  app.store().remove(FAILURE_KEY);
}

function notePath(app) {
  return $filepath.join(app.dataDir(), "backups", RESTORE_NOTE);
}

/** Before a restore: remember who restored what, outside the data being replaced. */
function writeRestoreNote(app, who, name) {
  $os.mkdirAll($filepath.join(app.dataDir(), "backups"), 0o755);
  $os.writeFile(notePath(app), JSON.stringify({ who: who, name: name, at: new Date().toISOString() }), 0o600);
}

function removeRestoreNote(app) {
  try {
    $os.remove(notePath(app));
  } catch (_) {
    // Already gone.
  }
}

/** On start: a note left by a restore becomes an audit row in the restored database. */
function finishRestore(app) {
  let note;
  try {
    note = JSON.parse(toString($os.readFile(notePath(app))));
  } catch (_) {
    return;
  }
  removeRestoreNote(app);
  try {
    audit(app, note.who || {}, "UPDATE", String(note.name), null, { restored_from: note.name, requested_at: note.at });
  } catch (err) {
    app.logger().warn("restore audit row not written", "error", String(err));
  }
}

module.exports = {
  DENIED,
  DOWNLOAD_DENIED,
  BUSY,
  ACTIVE_KEY,
  LIST_SPEC,
  isValidName,
  requireAdmin,
  requireSuperuser,
  isBusy,
  list,
  matching,
  create,
  requireExisting,
  findOne,
  remove,
  bootId,
  status,
  recordFailure,
  clearFailure,
  whoOf,
  writeRestoreNote,
  removeRestoreNote,
  finishRestore,
};
