/// <reference path="../pb_data/types.d.ts" />

// Uploads and backups in S3-compatible storage when the S3_* variables are set
// (pb_hooks/lib/storage.js): applied to PocketBase's own settings at every (re)load,
// never stored in the database, and not changeable from the dashboard meanwhile.

onSettingsReload((e) => {
  e.next();
  require(`${__hooks}/lib/storage.js`).apply(e.app);
});

onModelCreateExecute((e) => {
  e.next();
  require(`${__hooks}/lib/storage.js`).keepOutOfDatabase(e.app);
}, "_params");

onModelUpdateExecute((e) => {
  e.next();
  require(`${__hooks}/lib/storage.js`).keepOutOfDatabase(e.app);
}, "_params");

onSettingsUpdateRequest((e) => {
  require(`${__hooks}/lib/storage.js`).refuseManagedChange(e.oldSettings, e.newSettings);
  e.next();
});
