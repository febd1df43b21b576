/// <reference path="../pb_data/types.d.ts" />

// Media metadata comes from the upload itself, never from the client: original
// name, size and type, an image's width and height (upright, from its header: the
// site's <img width height> and srcset, src/lib/cms/media-images.ts), and who uploaded it.
// The file's extension and first bytes must agree and be an accepted type
// (lib/media/uploads.js: images, PDF, text, Word); the file field checks the size (10 MB)
// and the sniffed type again.
//
// `decorative` marks an image that needs no alternative text (alt=""): a decorative
// image keeps none, and only images can be decorative.
//
// Deleting goes through the trash (lib/media/deleted-media.js); where a file is used comes
// from lib/media/usage.js. Routes, for active admins and editors:
//
//   GET  /api/admin/media/{id}/usage               { usage: [...] } where the file is used
//   GET  /api/admin/rest/deleted-media             the trash (ra-data-simple-rest: sort, range, filter { q })
//   POST /api/admin/deleted-media/{id}/restore     brings a file back to the library

onRecordCreateRequest((e) => {
  const uploads = require(`${__hooks}/lib/media/uploads.js`);
  uploads.checkUploads(e.record, "file", "media");
  const files = e.record.getUnsavedFiles("file");
  let image = false;
  e.record.set("width", 0);
  e.record.set("height", 0);
  if (files.length > 0) {
    const file = files[0];
    e.record.set("original_filename", uploads.displayName(file.originalName));
    e.record.set("file_size", file.size);
    e.record.set("mime_type", require(`${__hooks}/lib/media/mime.js`).mimeOf(file.originalName));
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
  e.record.set("deleted_at", "");
  e.record.set("deleted_by", "");
  e.next();
}, "media");

onRecordUpdateRequest((e) => {
  // Only the description (alternative text, decorative) may change; the file and its
  // facts stay as uploaded. (Superusers, as operators, may correct the facts.)
  if (!e.hasSuperuserAuth()) {
    // (Listed here: goja runs each handler on its own, without this file's other code.)
    // (The trash marks too: only deleting and restoring move a file in and out of it.)
    const facts = ["original_filename", "file_size", "mime_type", "width", "height", "uploaded_by", "deleted_at", "deleted_by"];
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

onRecordDeleteRequest((e) => require(`${__hooks}/lib/media/deleted-media.js`).deleteRequested(e), "media");

routerAdd(
  "GET",
  "/api/admin/media/{id}/usage",
  (e) => {
    require(`${__hooks}/lib/auth/staff.js`).requireActiveEditor(e.auth);
    let record;
    try {
      record = e.app.findRecordById("media", e.request.pathValue("id"));
    } catch (_) {
      throw new NotFoundError("Arquivo não encontrado.");
    }
    return e.json(200, { usage: require(`${__hooks}/lib/media/usage.js`).usageOf(e.app, record) });
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "GET",
  "/api/admin/rest/deleted-media",
  (e) => {
    require(`${__hooks}/lib/auth/staff.js`).requireActiveEditor(e.auth);
    const deleted = require(`${__hooks}/lib/media/deleted-media.js`);
    const rest = require(`${__hooks}/lib/common/rest.js`);
    return rest.sendInMemory(e, "deleted-media", deleted.LIST_SPEC, (filter) => deleted.matching(deleted.all(e.app), filter));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "POST",
  "/api/admin/deleted-media/{id}/restore",
  (e) => {
    require(`${__hooks}/lib/auth/staff.js`).requireActiveEditor(e.auth);
    const record = require(`${__hooks}/lib/media/deleted-media.js`).restore(e, e.request.pathValue("id"));
    return e.json(200, { id: record.id, original_filename: record.getString("original_filename") });
  },
  $apis.requireAuth("users"),
);

// Every night: files in the trash for more than 30 days, and used nowhere, go for good.
cronAdd("purge_deleted_media", "27 3 * * *", () => {
  require(`${__hooks}/lib/media/deleted-media.js`).purge($app);
});
