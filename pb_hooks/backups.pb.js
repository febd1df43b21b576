/// <reference path="../pb_data/types.d.ts" />

// Backups for active admins (staff are not PocketBase superusers, who have /api/backups).
// The resource, in ra-data-simple-rest's dialect (lib/common/rest.js), items { id, name, size, modified }:
//   GET    /api/admin/rest/backups                list: sort (id, name, size, modified; newest
//                                                  first by default), range, filter { id, q }
//   GET    /api/admin/rest/backups/{id}           one backup
//   POST   /api/admin/rest/backups                create backup_YYYYMMDD_HHMMSS.zip (UTC)
//   PUT    /api/admin/rest/backups/{id}           { "restore": true }: restore it, then restart
//   DELETE /api/admin/rest/backups/{id}           delete the file
// Not data-provider calls, so outside the resource:
//   GET    /api/admin/backups/status              { bootId, busy, failed, replication }: bootId changes
//                                                 when the process restarts; failed is the last failed
//                                                 restore's message; replication, the database's
//                                                 continuous replica (lib/backups/backups.js)
//   GET    /api/admin/backups/{name}              download (attachment): superusers only. A backup
//                                                 is all of pb_data, keys included (the superusers'
//                                                 token key, every collection's token secrets, the
//                                                 SMTP password): with it a staff admin could forge
//                                                 a superuser token. Staff admins get 403.
// Nothing here takes an archive from the client: a restore names a file in the backups
// folder, which only the server (create) or a superuser (PocketBase's /api/backups/upload,
// the server's disk) writes. See lib/backups/backups.js. Creating, deleting and restoring leave audit rows (table "backups").

onBootstrap((e) => {
  e.next();
  const backups = require(`${__hooks}/lib/backups/backups.js`);
  backups.bootId(e.app);
  backups.finishRestore(e.app);
});

routerAdd(
  "GET",
  "/api/admin/rest/backups",
  (e) => {
    const backups = require(`${__hooks}/lib/backups/backups.js`);
    const rest = require(`${__hooks}/lib/common/rest.js`);
    backups.requireAdmin(e);
    return rest.sendInMemory(e, "backups", backups.LIST_SPEC, (filter) => backups.matching(backups.list(e.app), filter));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "GET",
  "/api/admin/rest/backups/{id}",
  (e) => {
    const backups = require(`${__hooks}/lib/backups/backups.js`);
    backups.requireAdmin(e);
    return e.json(200, backups.findOne(e.app, e.request.pathValue("id")));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "POST",
  "/api/admin/rest/backups",
  (e) => {
    const backups = require(`${__hooks}/lib/backups/backups.js`);
    backups.requireAdmin(e);
    return e.json(201, backups.create(e));
  },
  $apis.requireAuth("users"),
);

// Restoring is react-admin's update: dataProvider.update('backups', { id, data: { restore: true } }).
// A backup file never changes, so restoring it is the one update there is; any other
// body is refused. Restoring replaces pb_data and restarts the process (PocketBase
// re-executes its own binary with the same arguments, keeping the process id). Like
// PocketBase's own route, the answer goes out before the restore starts, so the client
// knows it was accepted; the admin reads the bootId (GET /api/admin/backups/status)
// before asking, then waits for a new one (or for the restored data to stop
// accepting its session).
routerAdd(
  "PUT",
  "/api/admin/rest/backups/{id}",
  (e) => {
    const backups = require(`${__hooks}/lib/backups/backups.js`);
    backups.requireAdmin(e);
    const name = e.request.pathValue("id");
    const item = backups.findOne(e.app, name);
    let restore = false;
    try {
      restore = require(`${__hooks}/lib/common/request-body.js`).formValues(e, { restore: false }).restore;
    } catch (_) {
      // Not a boolean (or not JSON): the same answer, which says what to send.
    }
    if (!restore) throw new BadRequestError('Um backup não pode ser alterado, apenas restaurado: envie { "restore": true }.');
    if (backups.isBusy(e.app)) throw new BadRequestError(backups.BUSY);

    backups.clearFailure(e.app);
    backups.writeRestoreNote(e.app, backups.whoOf(e), name);
    // A body of declared length (ASCII: names and dates only), so the answer is complete
    // once flushed, before the restart: the handler never returns when the restore works.
    const body = JSON.stringify(Object.assign({}, item, { restoring: true }));
    e.response.header().set("Content-Type", "application/json");
    e.response.header().set("Content-Length", String(body.length));
    e.string(200, body);
    e.flush();
    try {
      e.app.restoreBackup(new Context(), name);
    } catch (err) {
      backups.removeRestoreNote(e.app);
      backups.recordFailure(e.app, name);
      e.app.logger().error("backup restore failed", "name", name, "error", String(err));
    }
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "DELETE",
  "/api/admin/rest/backups/{id}",
  (e) => {
    const backups = require(`${__hooks}/lib/backups/backups.js`);
    backups.requireAdmin(e);
    return e.json(200, backups.remove(e, e.request.pathValue("id")));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "GET",
  "/api/admin/backups/status",
  (e) => {
    const backups = require(`${__hooks}/lib/backups/backups.js`);
    backups.requireAdmin(e);
    return e.json(200, backups.status(e.app));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "GET",
  "/api/admin/backups/{name}",
  (e) => {
    const backups = require(`${__hooks}/lib/backups/backups.js`);
    backups.requireSuperuser(e);
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
  $apis.requireAuth("users", "_superusers"),
);

// Every backup (the panel's, the dashboard's, the scheduled ones) carries a manifest
// that the restore drill checks a restore against (lib/backups/manifest.js).
onBackupCreate((e) => require(`${__hooks}/lib/backups/manifest.js`).createWithManifest(e));
