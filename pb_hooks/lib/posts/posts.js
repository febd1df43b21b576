// Facts of a post derived on every save, whatever the path (API, dashboard, cron).

const TEXTS = ["content", "excerpt"];

/**
 * The publication moment. The first publication is stamped once, in
 * `first_published_at` (written only here: see prepareRequest), and a published post
 * always carries it as `published_at`, so unpublishing and publishing again never moves
 * a post to the top of the blog and the feed. The first publication is:
 * - the scheduled time, for a scheduled post published once its time has come (the
 *   cron job, or staff acting before the job's minute: the post was already public);
 * - the time this save gives, when it is in the past (an article brought from elsewhere);
 * - otherwise now (a scheduled post published before its time is published now).
 * @param {any} record
 */
function stampPublication(record) {
  if (record.getString("status") !== "published") return;
  const first = record.getDateTime("first_published_at");
  if (!first.isZero()) {
    record.set("published_at", first);
    return;
  }
  const now = new DateTime();
  const given = record.getDateTime("published_at");
  const original = record.isNew() ? null : record.original();
  const wasDue = original !== null && original.getString("status") === "scheduled";
  const setBySave = original === null || original.getString("published_at") !== record.getString("published_at");
  const keep = !given.isZero() && given.unix() <= now.unix() && (wasDue || setBySave);
  const moment = keep ? given : now;
  record.set("published_at", moment);
  record.set("first_published_at", moment);
}

/**
 * Request hooks (create and update), before the content rules are checked: fields only
 * the server writes keep their stored value, whatever a client sends (staff, API or the
 * dashboard's superusers); the texts are measured with the line endings they are saved with.
 * @param {any} e
 */
function prepareRequest(e) {
  e.record.set("first_published_at", e.record.isNew() ? "" : e.record.original().get("first_published_at"));
  require(`${__hooks}/lib/common/line-endings.js`).normalizeFields(e.record, TEXTS);
}

function beforeSave(app, record) {
  require(`${__hooks}/lib/common/line-endings.js`).normalizeFields(record, TEXTS);
  stampPublication(record);
  // The editor's note is for the author while the post is unpublished.
  require(`${__hooks}/lib/content/workflow.js`).dropReviewNote(record);
  const authorId = record.get("author");
  const changed = record.isNew() || record.original().get("author") !== authorId || !record.get("author_name");
  if (authorId && changed) {
    // The byline the site can show (content-rules.json): a name too short or too long for it gives the fallback.
    const { bylineOf } = require(`${__hooks}/lib/content/content-rules.js`);
    try {
      record.set("author_name", bylineOf(app.findRecordById("users", authorId).get("full_name")));
    } catch (_) {
      record.set("author_name", bylineOf(""));
    }
  }
}

module.exports = { beforeSave, prepareRequest };
