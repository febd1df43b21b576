/// <reference path="../pb_data/types.d.ts" />

// Mídia's trash (pb_hooks/lib/media/deleted-media.js): a deleted file stays 30 days with when
// and by whom it was deleted, still served (a page that shows it keeps working), out of
// the library's list and never edited until it is restored.
const IN_LIBRARY = 'deleted_at = "" && ';

migrate(
  (app) => {
    const media = app.findCollectionByNameOrId("media");
    media.fields.add(new DateField({ name: "deleted_at" }));
    /** Who deleted it, by name as they were then. */
    media.fields.add(new TextField({ name: "deleted_by", max: 200 }));
    media.listRule = `${IN_LIBRARY}(${media.listRule})`;
    media.updateRule = `${IN_LIBRARY}(${media.updateRule})`;
    media.indexes.push("CREATE INDEX idx_media_deleted_at ON media (deleted_at)");
    app.save(media);
  },
  (app) => {
    const media = app.findCollectionByNameOrId("media");
    const unwrap = (rule) => (rule.indexOf(IN_LIBRARY) === 0 ? rule.slice(IN_LIBRARY.length + 1, -1) : rule);
    media.listRule = unwrap(media.listRule);
    media.updateRule = unwrap(media.updateRule);
    media.indexes = media.indexes.filter((index) => index.indexOf("idx_media_deleted_at") < 0);
    media.fields.removeByName("deleted_at");
    media.fields.removeByName("deleted_by");
    app.save(media);
  },
);
