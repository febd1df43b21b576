// The manifest inside every backup (pb_hooks/backups.pb.js): what the backed-up data
// holds, so a restore can be checked against it (`npm run restore-drill`,
// scripts/restore-drill.mjs): the records of every collection, and every uploaded file
// the records name, with its size and MD5. The MD5 is the one the storage recorded when
// the file was written (PocketBase's local storage keeps it beside each file; S3 returns
// it as the ETag), so a file that changed or went missing since is caught, on the local
// disk (files travel inside the zip) and in an S3 bucket (they stay there) alike.

const recordFiles = require(`${__hooks}/lib/record-files.js`);

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
function storedObjects(app) {
  const fsys = app.newFilesystem();
  try {
    const objects = {};
    for (const object of fsys.list("")) {
      if (object.isDir || !recordFiles.isUploadKey(object.key)) continue;
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

module.exports = { FILE_NAME, storedObjects, build, write, remove };
