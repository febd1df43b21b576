/// <reference path="../pb_data/types.d.ts" />

// Revisions of posts, pages, menus and the shared pieces (lib/revisions/revisions.js) and the routes around them:
//
//   GET  /api/admin/rest/deleted-posts                 posts deleted in the last 30 days
//                                                      (ra-data-simple-rest: sort, range, filter { q })
//   POST /api/admin/deleted-posts/{id}/restore         brings one back, as it was deleted
//
// Both for active admins and editors (deleting posts is theirs).

// Each save of one of them leaves its revision in the save's own transaction,
// written by the audit log's handler (lib/audit/audit.js logChange, one JS hook per save);
// pb_hooks/content.pb.js carries a stale-save check and a restore to it (prepareSave).

// The retention rule (the last 50 of each record and every published one), as a trigger
// the migration creates and each start makes sure of.
onBootstrap((e) => {
  e.next();
  // Before the first migration has run (a CLI command on a new data dir) there is no table yet.
  if (e.app.hasTable("revisions")) require(`${__hooks}/lib/revisions/revisions.js`).ensureRetention(e.app);
});

// History is never rewritten, superusers included (they may still use the dashboard's SQL).
onRecordCreateRequest(() => {
  throw new ForbiddenError("As versões são gravadas pelo sistema a cada salvamento.");
}, "revisions");
onRecordUpdateRequest(() => {
  throw new ForbiddenError("Uma versão não pode ser alterada.");
}, "revisions");
onRecordDeleteRequest(() => {
  throw new ForbiddenError("Uma versão não pode ser excluída.");
}, "revisions");

// Every night: the revisions of records deleted more than 30 days ago go.
cronAdd("purge_deleted_revisions", "17 3 * * *", () => {
  require(`${__hooks}/lib/revisions/revisions.js`).purgeDeleted($app);
});

routerAdd(
  "GET",
  "/api/admin/rest/deleted-posts",
  (e) => {
    require(`${__hooks}/lib/auth/staff.js`).requireActiveEditor(e.auth);
    const deleted = require(`${__hooks}/lib/posts/deleted-posts.js`);
    const rest = require(`${__hooks}/lib/common/rest.js`);
    return rest.sendInMemory(e, "deleted-posts", deleted.LIST_SPEC, (filter) => deleted.matching(deleted.all(e.app), filter));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "POST",
  "/api/admin/deleted-posts/{id}/restore",
  (e) => {
    require(`${__hooks}/lib/auth/staff.js`).requireActiveEditor(e.auth);
    const post = require(`${__hooks}/lib/posts/deleted-posts.js`).restore(e, e.request.pathValue("id"));
    return e.json(200, { id: post.id, slug: post.getString("slug"), title: post.getString("title") });
  },
  $apis.requireAuth("users"),
);

// Operators (superusers) can run the purge at once instead of waiting for the night.
routerAdd(
  "POST",
  "/api/site/jobs/purge-revisions",
  (e) => e.json(200, { removed: require(`${__hooks}/lib/revisions/revisions.js`).purgeDeleted(e.app) }),
  $apis.requireSuperuserAuth(),
);
