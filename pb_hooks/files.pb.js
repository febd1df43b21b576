/// <reference path="../pb_data/types.d.ts" />

// Uploaded files. On the way in, avatars and post covers get the same check as the
// media library (media.pb.js): extension and first bytes must agree on an accepted
// type (lib/uploads.js), so an HTML page or an SVG never gets in, even renamed.
//
// On the way out, PocketBase serves them with their sniffed type, `nosniff` and a
// sandboxing Content-Security-Policy. On top of that, only raster images may open
// inline: anything else (PDF, text, Word) is always a download, so no uploaded
// document ever renders on our origin.

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/uploads.js`).checkUploads(e.record, "avatar", "image");
  e.next();
}, "users");
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/uploads.js`).checkUploads(e.record, "avatar", "image");
  e.next();
}, "users");

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/uploads.js`).checkUploads(e.record, "cover", "image");
  e.next();
}, "posts");
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/uploads.js`).checkUploads(e.record, "cover", "image");
  e.next();
}, "posts");

onFileDownloadRequest((e) => {
  const { extensionOf } = require(`${__hooks}/lib/uploads.js`);
  if (["jpg", "jpeg", "png", "gif", "webp"].indexOf(extensionOf(e.servedName)) < 0) {
    // (The response sits on the embedded request event: goja does not promote it here.)
    e.requestEvent.response.header().set("Content-Disposition", 'attachment; filename="' + e.servedName + '"');
  }
  e.next();
});
