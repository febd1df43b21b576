// The editorial workflow posts, pages and products share (pb_hooks/content.pb.js): a record in
// review carries a note for whoever reads it next, dropped once it goes public; a
// scheduled record is published by the minute's job when its `published_at` comes.

const SCHEDULE = require(`${__hooks}/../shared/content-rules.json`).schedule;
/** The collections with scheduled publication, in the order the job publishes them. */
const SCHEDULED = ["posts", "pages", "products"];

/** Any save: the note is for the next reader while the record is unpublished; a public one never carries it. */
function dropReviewNote(record) {
  const status = record.getString("status");
  if ((status === "published" || status === "scheduled") && record.getString("review_note") !== "") {
    record.set("review_note", "");
  }
}

/**
 * Request hooks (pages, products): a save that schedules the record, or moves its time, needs a
 * time in the future (a pt-BR 400 on `published_at`). A save that leaves the schedule
 * as it is passes (a restored version, an edit in the minute before the job runs).
 * @param {any} record
 */
function assertSchedule(record) {
  if (record.getString("status") !== "scheduled") return;
  const original = record.isNew() ? null : record.original();
  if (
    original &&
    original.getString("status") === "scheduled" &&
    original.getString("published_at") === record.getString("published_at")
  ) {
    return;
  }
  const at = record.getDateTime("published_at");
  const message = at.isZero() ? SCHEDULE.required : at.unix() <= new DateTime().unix() ? SCHEDULE.past : "";
  if (message) throw new BadRequestError(message, { published_at: new ValidationError("validation_schedule", message) });
}

/**
 * Publishes every scheduled post, page and product whose published_at has passed (audited and
 * rebuilt like any save: the hooks run on the model). Returns how many.
 */
function publishDue(app) {
  let published = 0;
  for (const collection of SCHEDULED) {
    const due = app.findRecordsByFilter(
      collection,
      "status = 'scheduled' && published_at != '' && published_at <= @now",
      "published_at",
      500,
      0,
    );
    for (const record of due) {
      record.set("status", "published");
      app.save(record);
    }
    published += due.length;
  }
  return published;
}

module.exports = { dropReviewNote, assertSchedule, publishDue };
