/// <reference path="../pb_data/types.d.ts" />

// Backups for active admins (staff are not PocketBase superusers, who have /api/backups):
//   GET  /api/admin/backups                 list { name, size, modified }, newest first
//   POST /api/admin/backups                 create backup_YYYYMMDD_HHMMSS.zip (UTC)
//   GET  /api/admin/backups/status          { bootId, busy, failed }: bootId changes when the process
//                                           restarts; failed is the last failed restore's message
//   GET  /api/admin/backups/{name}          download (attachment)
//   POST /api/admin/backups/{name}/restore  204, then restore and restart
// See lib/backups.js. Creating and restoring leave audit rows (table "backups").

onBootstrap((e) => {
  e.next();
  const backups = require(`${__hooks}/lib/backups.js`);
  backups.bootId(e.app);
  backups.finishRestore(e.app);
});

routerAdd(
  "GET",
  "/api/admin/backups",
  (e) => {
    const backups = require(`${__hooks}/lib/backups.js`);
    backups.requireAdmin(e);
    return e.json(200, backups.list(e.app));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "POST",
  "/api/admin/backups",
  (e) => {
    const backups = require(`${__hooks}/lib/backups.js`);
    backups.requireAdmin(e);
    return e.json(200, backups.create(e));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "GET",
  "/api/admin/backups/status",
  (e) => {
    const backups = require(`${__hooks}/lib/backups.js`);
    backups.requireAdmin(e);
    return e.json(200, backups.status(e.app));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "GET",
  "/api/admin/backups/{name}",
  (e) => {
    const backups = require(`${__hooks}/lib/backups.js`);
    backups.requireAdmin(e);
    const name = e.request.pathValue("name");
    backups.requireExisting(e.app, name);
    // A copy of the whole database: never kept by a browser or proxy cache.
    e.response.header().set("Cache-Control", "no-store");
    const fsys = e.app.newBackupsFilesystem();
    try {
      fsys.serve(e.response, e.request, name, name);
    } finally {
      fsys.close();
    }
  },
  $apis.requireAuth("users"),
);

// Restoring replaces pb_data and restarts the process (PocketBase re-executes its own
// binary with the same arguments, keeping the process id). Like PocketBase's own
// route, the answer goes out before the restore starts, so the client knows it was
// accepted; the admin reads the bootId (GET /api/admin/backups/status) before asking,
// then waits for a new one (or for the restored data to stop accepting its session).
routerAdd(
  "POST",
  "/api/admin/backups/{name}/restore",
  (e) => {
    const backups = require(`${__hooks}/lib/backups.js`);
    backups.requireAdmin(e);
    const name = e.request.pathValue("name");
    backups.requireExisting(e.app, name);
    if (backups.isBusy(e.app)) throw new BadRequestError(backups.BUSY);

    backups.clearFailure(e.app);
    backups.writeRestoreNote(e.app, backups.whoOf(e), name);
    // No body: once the headers are flushed the answer is complete, before the restart.
    e.noContent(204);
    e.flush();
    try {
      // On success this call does not return: the process is replaced.
      e.app.restoreBackup(new Context(), name);
    } catch (err) {
      backups.removeRestoreNote(e.app);
      backups.recordFailure(e.app, name);
      e.app.logger().error("backup restore failed", "name", name, "error", String(err));
    }
  },
  $apis.requireAuth("users"),
);
