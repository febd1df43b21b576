/// <reference path="../pb_data/types.d.ts" />

// Plain-text fields of every writable collection: trimmed, no control characters,
// no line breaks in one-line fields, no markup (see lib/common/input.js). The account's
// full name follows the "secure input" rule of lib/auth/accounts.js instead (pb_hooks/accounts.pb.js).

onRecordCreateRequest((e) => {
  const input = require(`${__hooks}/lib/common/input.js`);
  input.cleanPlainText(e.record, ["name", "phone", "company"]);
  input.cleanFreeText(e.record, ["message"]);
  input.cleanEmail(e.record, "email", false);
  e.next();
}, "contact_messages");

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/common/input.js`).cleanPlainText(e.record, ["title"], ["excerpt"]);
  e.next();
}, "posts");
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/common/input.js`).cleanPlainText(e.record, ["title"], ["excerpt"]);
  e.next();
}, "posts");

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/common/input.js`).cleanPlainText(e.record, ["name", "title"], ["meta_description"]);
  e.next();
}, "pages");
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/common/input.js`).cleanPlainText(e.record, ["name", "title"], ["meta_description"]);
  e.next();
}, "pages");

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/common/input.js`).cleanPlainText(e.record, ["alt_text"]);
  e.next();
}, "media");
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/common/input.js`).cleanPlainText(e.record, ["alt_text"]);
  e.next();
}, "media");
