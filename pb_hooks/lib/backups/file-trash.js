// With uploads in S3 (pb_hooks/lib/backups/storage.js), a backup's zip holds the database but
// not the files: they stay in the bucket. PocketBase deletes a file from the bucket as
// soon as its record is deleted or the file is replaced, so restoring a backup made
// before would bring back records whose files are gone. Here every such file is first
// copied (a server-side copy, inside the bucket) under trash/, kept TRASH_DAYS, and a
// restore puts back, from there, each file the restored records name that the bucket
// no longer has (pb_hooks/file-trash.pb.js). On the local disk the files travel inside
// the zip, so none of this runs.
//
// A file key is "<collection id>/<record id>/<file name>"; file names are unique
// (PocketBase adds a random suffix), so a trashed copy is never overwritten.

/** Days a deleted or replaced file can still come back: more than the 7 daily backups kept. */
const TRASH_DAYS = 30;
const { TRASH_PREFIX: PREFIX, RESTORE_MARKER: MARKER, namesOf, fileFields, eachReferencedFile } = require(
  `${__hooks}/lib/backups/record-files.js`,
);

function withFilesystem(app, fn) {
  const fsys = app.newFilesystem();
  try {
    return fn(fsys);
  } finally {
    fsys.close();
  }
}

function keep(app, collection, recordId, names) {
  if (names.length === 0) return;
  withFilesystem(app, (fsys) => {
    for (const name of names) {
      const key = `${collection.id}/${recordId}/${name}`;
      try {
        fsys.copy(key, PREFIX + key);
      } catch (err) {
        // Already gone (or never stored): nothing to keep; the delete goes on.
        app.logger().warn("file not kept in the trash", "key", key, "error", String(err));
      }
    }
  });
}

/** Before a record with files is deleted: keep all its files. */
function beforeDelete(app, record) {
  const collection = record.collection();
  const names = [];
  for (const field of fileFields(collection)) names.push(...namesOf(record.get(field)));
  keep(app, collection, record.id, names);
}

/** Before a record is saved: keep the files it stops naming (replaced or removed). */
function beforeUpdate(app, record) {
  const collection = record.collection();
  const original = record.original();
  const dropped = [];
  for (const field of fileFields(collection)) {
    const now = namesOf(record.get(field));
    for (const name of namesOf(original.get(field))) if (now.indexOf(name) === -1) dropped.push(name);
  }
  keep(app, collection, record.id, dropped);
}

/** Deletes trashed copies older than TRASH_DAYS (nightly). */
function purge(app) {
  const limit = Date.now() - TRASH_DAYS * 24 * 60 * 60 * 1000;
  return withFilesystem(app, (fsys) => {
    let deleted = 0;
    for (const object of fsys.list(PREFIX)) {
      if (object.isDir || object.modTime.unixMilli() >= limit) continue;
      fsys.delete(object.key);
      deleted++;
    }
    return deleted;
  });
}

function markerPath(app) {
  return $filepath.join(app.dataDir(), "backups", MARKER);
}

/** Before any restore (the panel's or the dashboard's): the next start checks the files. */
function markRestore(app) {
  $os.mkdirAll($filepath.join(app.dataDir(), "backups"), 0o755);
  $os.writeFile(markerPath(app), new Date().toISOString(), 0o600);
}

/**
 * After a restore: every file the restored records name that the bucket lacks comes
 * back from the trash. Returns { recovered, missing } (missing: not in the trash
 * either, e.g. deleted more than TRASH_DAYS ago), also logged; null when no restore
 * happened. A failure (the bucket unreachable) leaves the marker for the next start.
 */
function recoverAfterRestore(app) {
  try {
    $os.stat(markerPath(app));
  } catch (_) {
    return null;
  }
  const result = { recovered: 0, missing: [] };
  try {
    withFilesystem(app, (fsys) => {
      const present = {};
      for (const object of fsys.list("")) present[object.key] = true;
      eachReferencedFile(app, (file) => {
        if (present[file.key]) return;
        if (present[PREFIX + file.key]) {
          fsys.copy(PREFIX + file.key, file.key);
          result.recovered++;
        } else {
          result.missing.push(file.key);
        }
      });
    });
  } catch (err) {
    app.logger().error("files after restore not checked; trying again at the next start", "error", String(err));
    return null;
  }
  app.logger().info("files after restore", "recovered", result.recovered, "missing", result.missing.join(", "));
  $os.remove(markerPath(app));
  return result;
}

module.exports = { PREFIX, TRASH_DAYS, beforeDelete, beforeUpdate, purge, markRestore, recoverAfterRestore };
