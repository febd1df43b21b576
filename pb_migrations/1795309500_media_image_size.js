/// <reference path="../pb_data/types.d.ts" />

// Media images know their size, for the site's <img width height srcset> (so
// body images never shift the layout; src/lib/cms/media-images.ts):
// - `width`, `height`: the upright pixel size, filled by the server from the upload's
//   header (pb_hooks/media.pb.js); 0 for other files and for a file that could not be
//   read. Existing images are measured here, from the storage in use (local or S3).
// - `decorative`: an image that needs no alternative text (alt=""). The admin asks
//   every image for alternative text or this mark before it is sent or inserted.
// - width-only thumbnails for the article column (src/lib/cms/media-images.ts).

/**
 * Thumbnail widths for body images. The article column (max-w-3xl with its padding) is
 * at most 720 CSS px wide, and about 358 px on a 390 px phone:
 * - 480: phones at 1x;
 * - 768: the full column at 1x, a phone's column at 2x (716 px);
 * - 1536: the full column at 2x (1440 px), phones at 3x.
 * Three sizes: each is made on its first request and then stored, so more cost storage
 * and a slower first view without saving much transfer. Keep src/lib/cms/media-images.ts
 * (MEDIA_IMAGE_WIDTHS) equal to this list.
 */
const WIDTH_THUMBS = ["480x0", "768x0", "1536x0"];
const OLD_THUMBS = ["320x240", "100x100"];

/** Measures the stored images whose size is still unknown; a file it cannot read stays 0. */
function backfill(app) {
  const { imageSize } = require(`${__hooks}/lib/media/uploads.js`);
  const records = app.findRecordsByFilter("media", "width = 0 && mime_type ~ 'image/'", "", 0, 0);
  if (records.length === 0) return;
  const fsys = app.newFilesystem();
  try {
    for (const record of records) {
      const name = record.getString("file");
      if (!name) continue;
      const key = `${record.baseFilesPath()}/${name}`;
      let size = null;
      try {
        // imageSize reads the first bytes (more for a JPEG) through `reader.open()`.
        size = imageSize({ reader: { open: () => fsys.getReader(key) } }, name);
      } catch (err) {
        app.logger().warn("media: could not read an image's size", "key", key, "error", String(err));
      }
      if (!size) continue;
      record.set("width", size.width);
      record.set("height", size.height);
      // Without hooks: a size measured by the server, no audit row or rebuild for it.
      app.unsafeWithoutHooks().save(record);
    }
  } finally {
    fsys.close();
  }
}

migrate(
  (app) => {
    const media = app.findCollectionByNameOrId("media");
    media.fields.add(new NumberField({ name: "width", onlyInt: true, min: 0 }));
    media.fields.add(new NumberField({ name: "height", onlyInt: true, min: 0 }));
    media.fields.add(new BoolField({ name: "decorative" }));
    media.fields.getByName("file").thumbs = OLD_THUMBS.concat(WIDTH_THUMBS);
    app.save(media);
    backfill(app);
  },
  (app) => {
    const media = app.findCollectionByNameOrId("media");
    media.fields.removeByName("width");
    media.fields.removeByName("height");
    media.fields.removeByName("decorative");
    media.fields.getByName("file").thumbs = OLD_THUMBS;
    app.save(media);
  },
);
