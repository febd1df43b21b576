// Facts of a post derived on every save, whatever the path (API, dashboard, cron).

function beforeSave(app, record) {
  if (record.get("status") === "published" && record.getDateTime("published_at").isZero()) {
    record.set("published_at", new DateTime());
  }
  // The editor's note is for the author while the post is unpublished; a public post never carries it.
  const status = record.get("status");
  if ((status === "published" || status === "scheduled") && record.getString("review_note") !== "") {
    record.set("review_note", "");
  }
  const authorId = record.get("author");
  const changed = record.isNew() || record.original().get("author") !== authorId || !record.get("author_name");
  if (authorId && changed) {
    // The byline the site can show (content-rules.json): a name too short or too long for it gives the fallback.
    const { bylineOf } = require(`${__hooks}/lib/content-rules.js`);
    try {
      record.set("author_name", bylineOf(app.findRecordById("users", authorId).get("full_name")));
    } catch (_) {
      record.set("author_name", bylineOf(""));
    }
  }
}

module.exports = { beforeSave };
