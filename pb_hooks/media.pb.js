/// <reference path="../pb_data/types.d.ts" />

// Media metadata comes from the upload itself, never from the client: original
// name, size and type, and who uploaded it. The file's extension and first bytes
// must agree and be an accepted type (lib/uploads.js: images, PDF, text, Word); the
// file field checks the size (10 MB) and the sniffed type again.

onRecordCreateRequest((e) => {
  const uploads = require(`${__hooks}/lib/uploads.js`);
  uploads.checkUploads(e.record, "file", "media");
  const files = e.record.getUnsavedFiles("file");
  if (files.length > 0) {
    const file = files[0];
    e.record.set("original_filename", uploads.displayName(file.originalName));
    e.record.set("file_size", file.size);
    e.record.set("mime_type", require(`${__hooks}/lib/mime.js`).mimeOf(file.originalName));
  }
  e.record.set("uploaded_by", e.auth && !e.auth.isSuperuser() ? e.auth.id : "");
  e.next();
}, "media");

onRecordUpdateRequest((e) => {
  // Only the description may change; the file and its facts stay as uploaded.
  // (Superusers, as operators, may correct the facts.)
  if (e.hasSuperuserAuth()) return e.next();
  const original = e.record.original();
  for (const field of ["original_filename", "file_size", "mime_type", "uploaded_by"]) e.record.set(field, original.get(field));
  if (e.record.getUnsavedFiles("file").length > 0) {
    throw new BadRequestError("Para trocar o arquivo, envie um novo e exclua o antigo.");
  }
  e.next();
}, "media");
