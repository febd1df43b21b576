/// <reference path="../pb_data/types.d.ts" />

// Media metadata comes from the upload itself, never from the client: original
// name, size and type, an image's width and height (upright, from its header: the
// site's <img width height> and srcset, src/lib/media-images.ts), and who uploaded it.
// The file's extension and first bytes must agree and be an accepted type
// (lib/uploads.js: images, PDF, text, Word); the file field checks the size (10 MB)
// and the sniffed type again.
//
// `decorative` marks an image that needs no alternative text (alt=""): a decorative
// image keeps none, and only images can be decorative.

onRecordCreateRequest((e) => {
  const uploads = require(`${__hooks}/lib/uploads.js`);
  uploads.checkUploads(e.record, "file", "media");
  const files = e.record.getUnsavedFiles("file");
  let image = false;
  e.record.set("width", 0);
  e.record.set("height", 0);
  if (files.length > 0) {
    const file = files[0];
    e.record.set("original_filename", uploads.displayName(file.originalName));
    e.record.set("file_size", file.size);
    e.record.set("mime_type", require(`${__hooks}/lib/mime.js`).mimeOf(file.originalName));
    // Too big for the field (it refuses the save next) or not an image: no size read.
    const maxSize = e.record.collection().fields.getByName("file").maxSize;
    const size = maxSize > 0 && file.size > maxSize ? null : uploads.imageSize(file, file.originalName);
    if (size) {
      image = true;
      e.record.set("width", size.width);
      e.record.set("height", size.height);
    }
  }
  if (!image) e.record.set("decorative", false);
  if (e.record.getBool("decorative")) e.record.set("alt_text", "");
  e.record.set("uploaded_by", e.auth && !e.auth.isSuperuser() ? e.auth.id : "");
  e.next();
}, "media");

onRecordUpdateRequest((e) => {
  // Only the description (alternative text, decorative) may change; the file and its
  // facts stay as uploaded. (Superusers, as operators, may correct the facts.)
  if (!e.hasSuperuserAuth()) {
    // (Listed here: goja runs each handler on its own, without this file's other code.)
    const facts = ["original_filename", "file_size", "mime_type", "width", "height", "uploaded_by"];
    const original = e.record.original();
    for (const field of facts) e.record.set(field, original.get(field));
    if (e.record.getUnsavedFiles("file").length > 0) {
      throw new BadRequestError("Para trocar o arquivo, envie um novo e exclua o antigo.");
    }
  }
  if (!/^image\//.test(e.record.getString("mime_type"))) e.record.set("decorative", false);
  if (e.record.getBool("decorative")) e.record.set("alt_text", "");
  e.next();
}, "media");
