// The uploaded files the records name, for the backup manifest
// (pb_hooks/lib/backups/manifest.js) and the files a restore must find
// (pb_hooks/lib/backups/file-trash.js). A file's storage key is
// "<collection id>/<record id>/<file name>"; thumbnails sit one folder deeper.

/** Where deleted and replaced files wait in an S3 bucket (pb_hooks/lib/backups/file-trash.js). */
const TRASH_PREFIX = "trash/";
/**
 * Left in pb_data/backups (which a restore keeps) by a restore, for the next start to
 * bring back from the trash the files the restored records name: by onBackupRestore
 * (file-trash.js) and by `npm run restore` for a replica's restore (scripts/restore.mjs).
 */
const RESTORE_MARKER = ".restore-files";

/** A file field's value as plain names (uploads waiting to be saved are not names yet). */
function namesOf(value) {
  if (value === null || value === undefined || value === "") return [];
  if (typeof value === "string") {
    if (value[0] !== "[") return [value];
    try {
      return JSON.parse(value).filter((name) => typeof name === "string" && name !== "");
    } catch (_) {
      return [];
    }
  }
  const names = [];
  for (let i = 0; i < value.length; i++) if (typeof value[i] === "string" && value[i] !== "") names.push(value[i]);
  return names;
}

function fileFields(collection) {
  return collection.fields.filter((field) => field.type() === "file").map((field) => field.name);
}

/** Whether a storage key is an upload itself (not a thumbnail, not under a prefix of ours). */
function isUploadKey(key) {
  return key.split("/").length === 3;
}

/**
 * Calls visit({ key, collection, record, field }) for every file every record names,
 * reading only the ids and file columns (one query per collection with files).
 */
function eachReferencedFile(app, visit) {
  for (const collection of app.findAllCollections()) {
    if (collection.type === "view") continue;
    const fields = fileFields(collection);
    if (fields.length === 0) continue;
    const rows = arrayOf(new DynamicModel(Object.assign({ id: "" }, ...fields.map((name) => ({ [name]: "" })))));
    app
      .db()
      .select("id", ...fields)
      .from(collection.name)
      .all(rows);
    for (const row of rows) {
      for (const field of fields) {
        for (const name of namesOf(row[field])) {
          visit({ key: `${collection.id}/${row.id}/${name}`, collection: collection.name, record: row.id, field: field });
        }
      }
    }
  }
}

module.exports = { TRASH_PREFIX, RESTORE_MARKER, namesOf, fileFields, isUploadKey, eachReferencedFile };
