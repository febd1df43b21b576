// Facts of a post derived on every save, whatever the path (API, dashboard, cron).

const FALLBACK_AUTHOR = "Equipe Operium";

function beforeSave(app, record) {
  if (record.get("status") === "published" && record.getDateTime("published_at").isZero()) {
    record.set("published_at", new DateTime());
  }
  const authorId = record.get("author");
  const changed = record.isNew() || record.original().get("author") !== authorId || !record.get("author_name");
  if (authorId && changed) {
    try {
      record.set("author_name", app.findRecordById("users", authorId).get("full_name") || FALLBACK_AUTHOR);
    } catch (_) {
      record.set("author_name", FALLBACK_AUTHOR);
    }
  }
}

module.exports = { beforeSave };
