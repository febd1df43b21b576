/// <reference path="../pb_data/types.d.ts" />

// The site's menus (lib/menus/menus.js): every save checked, from the API, the
// dashboard or a migration alike (model-level hooks), and a page a menu links to kept
// until it leaves the menu.

onRecordCreate((e) => {
  require(`${__hooks}/lib/menus/menus.js`).assertMenu(e.app, e.record);
  e.next();
}, "menus");

onRecordUpdate((e) => {
  require(`${__hooks}/lib/menus/menus.js`).assertMenu(e.app, e.record);
  e.next();
}, "menus");

onRecordDelete((e) => {
  require(`${__hooks}/lib/menus/menus.js`).assertPageNotInMenu(e.app, e.record);
  e.next();
}, "pages");

// A save based on a stale copy refused, and a restored version named (lib/revisions/revisions.js).
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/revisions/revisions.js`).prepareSave(e);
  e.next();
}, "menus");
