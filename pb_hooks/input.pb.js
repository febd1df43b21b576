/// <reference path="../pb_data/types.d.ts" />

// Markup is refused in the plain-text fields of every writable collection.

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/input.js`).rejectMarkup(e.record, ["name", "phone", "company", "message"]);
  e.next();
}, "contact_messages");

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/input.js`).rejectMarkup(e.record, ["title", "excerpt"]);
  e.next();
}, "posts");
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/input.js`).rejectMarkup(e.record, ["title", "excerpt"]);
  e.next();
}, "posts");

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/input.js`).rejectMarkup(e.record, ["name", "title", "meta_title", "meta_description"]);
  e.next();
}, "pages");
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/input.js`).rejectMarkup(e.record, ["name", "title", "meta_title", "meta_description"]);
  e.next();
}, "pages");

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/input.js`).rejectMarkup(e.record, ["alt_text"]);
  e.next();
}, "media");
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/input.js`).rejectMarkup(e.record, ["alt_text"]);
  e.next();
}, "media");
