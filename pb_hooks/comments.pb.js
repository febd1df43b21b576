/// <reference path="../pb_data/types.d.ts" />

// Visitors' comments (see lib/comments/comments.js): a new one is 'pending' (or 'spam') whatever
// the request says, on an article that exists, within the rate; the team's replies are
// public at once; the e-mail reaches moderators only. Publishing follows in publish.pb.js.

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/comments/comments.js`).onCreate(e);
  e.next();
}, "comments");

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/comments/comments.js`).onUpdate(e);
  e.next();
}, "comments");

onRecordEnrich((e) => {
  require(`${__hooks}/lib/comments/comments.js`).redact(e);
  e.next();
}, "comments");

onRecordsListRequest((e) => {
  require(`${__hooks}/lib/comments/comments.js`).assertNoEmailQuery(e);
  e.next();
}, "comments");
