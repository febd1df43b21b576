// A record's new files are stored before its save's transaction opens (pb_hooks/lib/audit/audit.js).
//
// PocketBase stores a record's new files in the same step that writes the record, and the
// audit log wraps that step in a transaction (the record and its audit row commit
// together). SQLite has one write connection, so every other write of the site waited
// for the upload: with S3, a network PUT per file, and four editors uploading at once
// queued behind each other (bench/storage.mjs). Stored first, with the same key and the
// same name PocketBase would give them, the files are plain names by the time the record
// is written, and the transaction holds the connection only for the writes themselves.
// The file fields' validation (type, size) has already run on the uploads at this point.

const { fileFields } = require(`${__hooks}/lib/backups/record-files.js`);

/** A pending upload: a file object, not a stored name. */
function isUpload(value) {
  return value !== null && typeof value === "object" && typeof value.name === "string" && value.reader !== undefined;
}

/**
 * Stores the record's pending uploads and puts their names in their place. Returns the
 * keys stored, for `discard` when the save then fails (PocketBase removes only the files
 * it stored itself).
 */
function storeBeforeSave(app, record) {
  const stored = [];
  let fsys = null;
  try {
    for (const field of fileFields(record.collection())) {
      const raw = record.getRaw(field);
      if (raw === null || raw === undefined || typeof raw === "string") continue;
      const single = isUpload(raw);
      const values = single ? [raw] : Array.from(raw);
      if (!values.some(isUpload)) continue;
      if (!fsys) fsys = app.newFilesystem();
      const names = values.map((value) => {
        if (!isUpload(value)) return value;
        const key = `${record.baseFilesPath()}/${value.name}`;
        fsys.uploadFile(value, key);
        stored.push(key);
        return value.name;
      });
      record.setRaw(field, single ? names[0] : names);
    }
  } catch (err) {
    discard(app, stored, fsys);
    throw err;
  } finally {
    if (fsys) fsys.close();
  }
  return stored;
}

/** Removes files stored for a save that did not happen. */
function discard(app, keys, open) {
  if (keys.length === 0) return;
  const fsys = open || app.newFilesystem();
  try {
    for (const key of keys) {
      try {
        fsys.delete(key);
      } catch (err) {
        app.logger().warn("upload of a failed save not removed", "key", key, "error", String(err));
      }
    }
  } finally {
    if (!open) fsys.close();
  }
}

module.exports = { storeBeforeSave, discard };
