/// <reference path="../pb_data/types.d.ts" />

// With uploads in S3, deleted and replaced files are kept 30 days under trash/ so a
// restored backup gets its files back (pb_hooks/lib/backups/file-trash.js). Registered only
// then: on the local disk the files travel inside the backup, and saves pay nothing.

if ($os.getenv("S3_BUCKET") !== "") {
  onRecordDeleteExecute((e) => {
    require(`${__hooks}/lib/backups/file-trash.js`).beforeDelete(e.app, e.record);
    e.next();
  });

  onRecordUpdateExecute((e) => {
    require(`${__hooks}/lib/backups/file-trash.js`).beforeUpdate(e.app, e.record);
    e.next();
  });

  onBackupRestore((e) => {
    require(`${__hooks}/lib/backups/file-trash.js`).markRestore(e.app);
    e.next();
  });

  onBootstrap((e) => {
    e.next();
    require(`${__hooks}/lib/backups/file-trash.js`).recoverAfterRestore(e.app);
  });

  // When the bucket was unreachable at that start: tried again until it answers.
  cronAdd("recover_files_after_restore", "*/10 * * * *", () => {
    require(`${__hooks}/lib/backups/file-trash.js`).recoverAfterRestore($app);
  });

  cronAdd("purge_file_trash", "37 3 * * *", () => {
    require(`${__hooks}/lib/backups/file-trash.js`).purge($app);
  });
}
