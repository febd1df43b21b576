// The manifest inside every backup (pb_hooks/backups.pb.js): what the backed-up data
// holds, so a restore can be checked against it (`npm run restore-drill`,
// scripts/restore-drill.mjs): the records of every collection, and every uploaded file
// the records name, with its size and MD5. The MD5 is the one the storage recorded when
// the file was written (PocketBase's local storage keeps it beside each file; S3 returns
// it as the ETag), so a file that changed or went missing since is caught, on the local
// disk (files travel inside the zip) and in an S3 bucket (they stay there) alike.

const recordFiles = require(`${__hooks}/lib/backups/record-files.js`);

const FILE_NAME = "backup-manifest.json";
const VERSION = 1;

/** A Go []byte as lowercase hex (goja hands it over as an ArrayBuffer). */
function hex(value) {
  if (!value) return "";
  const bytes = typeof value.byteLength === "number" ? new Uint8Array(value) : value;
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += (bytes[i] & 0xff).toString(16).padStart(2, "0");
  return out;
}

/**
 * Size and MD5 of every uploaded file (collection/record/name; thumbnails, one folder
 * deeper, are derived and left out), by key. Read before the backup's transaction (a
 * listing of a large bucket takes seconds and must not hold writes back); a file is
 * never rewritten under the same key, so what is read stays true. S3 listings carry
 * the MD5 (the ETag of a one-part upload); PocketBase's local listing leaves it out
 * (it looks for each attributes file relative to the working dir), so those come from
 * each file's attributes.
 */
function storedObjects(app, options) {
  const withTrash = Boolean(options && options.withTrash);
  const fsys = app.newFilesystem();
  try {
    const objects = {};
    const trashed = {};
    for (const object of fsys.list("")) {
      if (object.isDir) continue;
      // A replica's restore (pb_hooks/commands.pb.js): a file deleted since that moment
      // waits in the trash, from where the restored server's first start brings it back.
      if (withTrash && object.key.indexOf(recordFiles.TRASH_PREFIX) === 0) {
        const key = object.key.slice(recordFiles.TRASH_PREFIX.length);
        if (recordFiles.isUploadKey(key)) trashed[key] = { size: object.size, md5: hex(object.md5) };
        continue;
      }
      if (!recordFiles.isUploadKey(object.key)) continue;
      let md5 = hex(object.md5);
      if (md5 === "") {
        try {
          md5 = hex(fsys.attributes(object.key).md5);
        } catch (_) {
          // Gone since the listing: the transaction's own look decides.
        }
      }
      objects[object.key] = { size: object.size, md5: md5 };
    }
    for (const key in trashed) if (!objects[key]) objects[key] = trashed[key];
    return objects;
  } finally {
    fsys.close();
  }
}

/** Size and MD5 of one object written after the listing (or null when it is missing). */
function describe(app, key) {
  const fsys = app.newFilesystem();
  try {
    const attributes = fsys.attributes(key);
    return { size: attributes.size, md5: hex(attributes.md5) };
  } catch (_) {
    return null;
  } finally {
    fsys.close();
  }
}

/**
 * Counts and files as the database holds them at this moment: called inside the
 * transaction in which PocketBase archives the database, so it describes exactly
 * what the zip holds.
 */
function build(txApp, objects, storage) {
  const collections = {};
  const files = [];
  const missing = [];
  for (const collection of txApp.findAllCollections()) {
    if (collection.type !== "view") collections[collection.name] = txApp.countRecords(collection.name);
  }
  recordFiles.eachReferencedFile(txApp, (file) => {
    const known = objects[file.key] || describe(txApp, file.key);
    if (known) files.push(Object.assign(file, { size: known.size, md5: known.md5 }));
    else missing.push(file.key);
  });
  files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    version: VERSION,
    created: new Date().toISOString(),
    storage: storage,
    collections: collections,
    files: files,
    // Named by a record but absent from the storage already when the backup was made.
    missing: missing,
  };
}

function path(app) {
  return `${app.dataDir()}/${FILE_NAME}`;
}

function write(app, manifest) {
  $os.writeFile(path(app), JSON.stringify(manifest), 0o600);
}

function remove(app) {
  try {
    $os.remove(path(app));
  } catch (_) {
    // Already gone: nothing to tidy.
  }
}

/** Where uploads are stored, for the manifest: never the credentials. */
function storageOf(app) {
  const s3 = app.settings().s3;
  return s3.enabled ? { kind: "s3", endpoint: s3.endpoint, bucket: s3.bucket } : { kind: "local" };
}

/**
 * Runs a backup (an onBackupCreate hook) with its manifest inside the zip.
 *
 * PocketBase archives the database inside a transaction, which holds writes back while
 * it runs; the manifest is written in that same transaction (the event's app becomes
 * ours, and PocketBase runs its archiving inside a transaction it finds open), so it
 * describes exactly what the zip holds. PocketBase would then upload the zip to the
 * backups storage still inside it: to S3, that could hold every write of the site for
 * as long as the upload takes (or hangs). So the zip is written to the local backups
 * folder in the transaction and sent to S3 after it, while writes go on.
 */
function createWithManifest(e) {
  const app = e.app;
  const objects = storedObjects(app);
  const settings = app.settings().backups.s3;
  const toS3 = settings.enabled;
  try {
    app.runInTransaction((tx) => {
      // First, before this transaction reads anything (SQLite refuses it after): the WAL
      // goes into the database file, so the zip carries no stale pages.
      try {
        tx.db().newQuery("PRAGMA wal_checkpoint(TRUNCATE)").execute();
      } catch (err) {
        app.logger().warn("backup: WAL not checkpointed", "error", String(err));
      }
      write(tx, build(tx, objects, storageOf(tx)));
      e.app = tx;
      if (toS3) settings.enabled = false;
      try {
        e.next();
      } finally {
        if (toS3) settings.enabled = true;
        e.app = app;
      }
    });
  } finally {
    remove(app);
  }
  if (toS3) sendToS3(app, e.name);
}

/** Moves a zip from the local backups folder to the S3 backups bucket. */
function sendToS3(app, name) {
  const local = `${app.dataDir()}/backups/${name}`;
  const fsys = app.newBackupsFilesystem();
  try {
    const file = $filesystem.fileFromPath(local);
    file.originalName = name;
    file.name = name;
    fsys.uploadFile(file, name);
  } finally {
    fsys.close();
    $os.remove(local);
  }
}

module.exports = { FILE_NAME, storedObjects, storageOf, build, write, remove, createWithManifest };
