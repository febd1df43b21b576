/// <reference path="../pb_data/types.d.ts" />

// Uploaded files. On the way in, avatars and post covers get the same check as the
// media library (media.pb.js): extension and first bytes must agree on an accepted
// type (lib/media/uploads.js), so an HTML page or an SVG never gets in, even renamed.
//
// On the way out, PocketBase serves them with their sniffed type, `nosniff` and a
// sandboxing Content-Security-Policy. On top of that, only raster images may open
// inline: anything else (PDF, text, Word) is always a download, so no uploaded
// document ever renders on our origin.

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/media/uploads.js`).checkUploads(e.record, "avatar", "image");
  e.next();
}, "users");
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/media/uploads.js`).checkUploads(e.record, "avatar", "image");
  e.next();
}, "users");

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/media/uploads.js`).checkUploads(e.record, "cover", "image");
  e.next();
}, "posts");
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/media/uploads.js`).checkUploads(e.record, "cover", "image");
  e.next();
}, "posts");

onFileDownloadRequest((e) => {
  const { extensionOf } = require(`${__hooks}/lib/media/uploads.js`);
  if (["jpg", "jpeg", "png", "gif", "webp"].indexOf(extensionOf(e.servedName)) < 0) {
    // (The response sits on the embedded request event: goja does not promote it here.)
    e.requestEvent.response.header().set("Content-Disposition", 'attachment; filename="' + e.servedName + '"');
  }
  e.next();
});

// A post's cover follows the post, and an avatar its account: PocketBase serves a file
// field that is not `protected` whatever the record's view rule, so a draft's cover
// (or a staff member's photo) would be public to anyone holding its URL. Covers stay
// unprotected (the site links published covers as they are), and here the view rule
// decides, for the Authorization header or a file token (`?token=`, what the admin's
// <img> tags carry). Refused as a missing file is (404), so a draft's existence does
// not show either.
onFileDownloadRequest(
  (e) => {
    // (The request, like the response above, is read through the embedded request event.)
    const request = e.requestEvent;
    const info = request.requestInfo();
    const token = request.request.url.query().get("token");
    if (token) {
      try {
        info.auth = request.app.findAuthRecordByToken(token, "file");
      } catch (_) {
        // An expired or forged token: the visitor is anonymous.
      }
    }
    if (!request.app.canAccessRecord(e.record, info, e.collection.viewRule)) throw new NotFoundError();
    e.next();
  },
  "posts",
  "users",
);
