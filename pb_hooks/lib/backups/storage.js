// Uploads and backups in S3-compatible storage, configured by the server's environment
// (pb_hooks/storage.pb.js). PocketBase already stores files and backups in S3 when its
// settings say so; here those settings come from S3_* variables at every start and
// every settings reload, and are kept out of the database: the _params row holds the
// settings PocketBase saves, and a backup is a zip of the database, so a secret saved
// there would travel with every backup. In memory only, it never leaves the process.
//
//   S3_ENDPOINT           https://s3.sa-east-1.amazonaws.com, http://127.0.0.1:8333…
//   S3_BUCKET             bucket of the uploaded files
//   S3_BACKUPS_BUCKET     bucket of the backups (default: S3_BUCKET + "-backups"); its own,
//                         because PocketBase lists every object of the backups bucket as a backup
//   S3_REGION             default us-east-1
//   S3_ACCESS_KEY, S3_SECRET
//   S3_FORCE_PATH_STYLE   "true" for MinIO, SeaweedFS and other self-hosted servers
//
// With S3, the database is also replicated continuously (server/replication/, Litestream):
//   S3_REPLICA_BUCKET     bucket of the replica (default: S3_BUCKET + "-replica"); its own, like
//                         the backups': it holds the whole database, keys included
//   REPLICA               "off" turns the replication off
//   REPLICA_SYNC_INTERVAL seconds between two uploads of the changes (default 1; 0.1 to 60)
//   REPLICA_RETENTION_DAYS how far back a point-in-time restore reaches (default 7; 1 to 90)

const VARIABLES = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY", "S3_SECRET"];
const MANAGED =
  "O armazenamento S3 deste servidor é definido pelas variáveis de ambiente S3_*: " +
  "altere-as e reinicie o servidor em vez de mudar estas configurações.";

/**
 * The S3 configuration the environment asks for, or null (local disk) when no S3_*
 * variable is set. A partial configuration is refused at start, in pt-BR: files
 * silently written to the local disk of a server meant to be disposable would be lost.
 * `getenv` is PocketBase's by default; the restore drill (scripts/restore-drill.mjs)
 * passes Node's, so both read the same variables the same way.
 */
function fromEnv(getenv) {
  const source = getenv || ((name) => $os.getenv(name));
  const read = (name) => String(source(name) || "").trim();
  const present = VARIABLES.filter((name) => read(name) !== "");
  if (present.length === 0 && read("S3_BACKUPS_BUCKET") === "") return null;
  const missing = VARIABLES.filter((name) => read(name) === "");
  if (missing.length > 0) {
    throw new Error(`Configuração S3 incompleta: defina também ${missing.join(", ")} (ou nenhuma variável S3_*).`);
  }
  const bucket = read("S3_BUCKET");
  const base = {
    enabled: true,
    endpoint: read("S3_ENDPOINT"),
    region: read("S3_REGION") || "us-east-1",
    accessKey: read("S3_ACCESS_KEY"),
    secret: read("S3_SECRET"),
    forcePathStyle: /^(1|true|sim|yes)$/i.test(read("S3_FORCE_PATH_STYLE")),
  };
  const backupsBucket = read("S3_BACKUPS_BUCKET") || `${bucket}-backups`;
  if (backupsBucket === bucket) {
    throw new Error(
      "S3_BACKUPS_BUCKET deve ser um bucket diferente de S3_BUCKET (o PocketBase lista como backup tudo o que está nele).",
    );
  }
  return {
    files: Object.assign({}, base, { bucket: bucket }),
    backups: Object.assign({}, base, { bucket: backupsBucket }),
    replica: replicaFromEnv(read, base, [bucket, backupsBucket]),
  };
}

/**
 * The replica of the database, or null when it is off: read by server/replication/plan.go
 * (this very function, run by the server before it opens the database) and by
 * scripts/restore.mjs and scripts/standby.mjs.
 */
function replicaFromEnv(read, base, taken) {
  if (/^(off|0|false|não|nao|no)$/i.test(read("REPLICA"))) return null;
  const bucket = read("S3_REPLICA_BUCKET") || `${taken[0]}-replica`;
  if (taken.includes(bucket)) {
    throw new Error("S3_REPLICA_BUCKET deve ser um bucket só da réplica, diferente de S3_BUCKET e de S3_BACKUPS_BUCKET.");
  }
  const number = (name, fallback, min, max, unit) => {
    const text = read(name).replace(",", ".");
    if (text === "") return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max) {
      throw new Error(`${name} deve ser um número de ${String(min).replace(".", ",")} a ${max} (${unit}); veio "${read(name)}".`);
    }
    return value;
  };
  return Object.assign({}, base, {
    bucket: bucket,
    // One database: data.db. auxiliary.db holds only PocketBase's logs (rewritten by
    // every request, needed by no restore), so it is not replicated.
    path: "data.db",
    syncIntervalSeconds: number("REPLICA_SYNC_INTERVAL", 1, 0.1, 60, "segundos"),
    retentionDays: number("REPLICA_RETENTION_DAYS", 7, 1, 90, "dias"),
  });
}

const FIELDS = ["enabled", "endpoint", "region", "accessKey", "secret", "forcePathStyle", "bucket"];

function assign(target, values) {
  for (const field of FIELDS) target[field] = values[field];
}

/** Puts the environment's S3 configuration into the app's live settings. */
function apply(app) {
  const config = fromEnv();
  if (!config) return;
  const settings = app.settings();
  assign(settings.s3, config.files);
  assign(settings.backups.s3, config.backups);
}

/**
 * Saves the settings (a model Execute hook on _params, after validation) with the S3
 * sections left out of the stored copy. The secrets are blanked on the model first:
 * rewriting a row leaves its former bytes in the page's free space, so a secret written
 * even for a moment could travel in the database file and in every backup. The sections
 * are then removed in the same transaction: a reload leaves the live S3 settings as
 * they are, so no request ever sees the local disk in between. The model is a copy of
 * the live settings (pb_hooks/lib/settings/settings.js saves clones) except at start, before
 * any request. Encrypted settings (PocketBase's --encryptionEnv) are not JSON and are
 * kept as they are: their key is not in any backup.
 */
function saveWithoutS3(e) {
  if (!fromEnv()) return e.next();
  const files = e.model.s3;
  const backups = e.model.backups.s3;
  const secrets = [files.secret, backups.secret];
  files.secret = "";
  backups.secret = "";
  const outer = e.app;
  try {
    outer.runInTransaction((tx) => {
      e.app = tx;
      try {
        e.next();
      } finally {
        e.app = outer;
      }
      tx.db()
        .newQuery(
          "UPDATE _params SET value = json_remove(value, '$.s3', '$.backups.s3') WHERE id = 'settings' AND json_valid(value)",
        )
        .execute();
    });
  } finally {
    files.secret = secrets[0];
    backups.secret = secrets[1];
  }
}

/**
 * A settings change from the dashboard or the API that touches S3 while the environment
 * defines it would be undone at the next reload: refused, with the reason.
 */
function refuseManagedChange(oldSettings, newSettings) {
  if (!fromEnv()) return;
  for (const section of ["s3", "backups"]) {
    const before = section === "s3" ? oldSettings.s3 : oldSettings.backups.s3;
    const after = section === "s3" ? newSettings.s3 : newSettings.backups.s3;
    for (const field of FIELDS) {
      // The API never shows the secret, so a form sends it back empty: not a change.
      if (field === "secret" && String(after.secret || "") === "") continue;
      if (before[field] !== after[field]) throw new BadRequestError(MANAGED);
    }
  }
}

module.exports = { fromEnv, apply, saveWithoutS3, refuseManagedChange, MANAGED };
