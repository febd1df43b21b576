/// <reference path="../pb_data/types.d.ts" />

// Uploads and backups in S3-compatible storage when the S3_* variables are set
// (pb_hooks/lib/backups/storage.js): applied to PocketBase's own settings at every (re)load,
// never stored in the database, and not changeable from the dashboard meanwhile.

onSettingsReload((e) => {
  e.next();
  require(`${__hooks}/lib/backups/storage.js`).apply(e.app);
});

onModelCreateExecute((e) => require(`${__hooks}/lib/backups/storage.js`).saveWithoutS3(e), "_params");
onModelUpdateExecute((e) => require(`${__hooks}/lib/backups/storage.js`).saveWithoutS3(e), "_params");

onSettingsUpdateRequest((e) => {
  require(`${__hooks}/lib/backups/storage.js`).refuseManagedChange(e.oldSettings, e.newSettings);
  e.next();
});

// In a restore drill (scripts/restore-drill.mjs sets RESTORE_DRILL=1) no scheduled job
// runs: the restored data must stay exactly as the backup left it while it is compared
// (a due scheduled post would be published, expired codes purged, a backup made). The
// JS hooks cannot reach the serve event where PocketBase starts its scheduler, so its
// tick is set 200 years apart (the most a Go duration holds) before it starts.
onBootstrap((e) => {
  e.next();
  if ($os.getenv("RESTORE_DRILL") === "1") e.app.cron().setInterval(200 * 365 * 24 * 60 * 60 * 1e9);
});
