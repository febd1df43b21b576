/// <reference path="../pb_data/types.d.ts" />

// Rebuild on publish: changes to what the public site shows (comments approved or
// taken down included) ask the publisher for a rebuild (debounced there); the
// publisher reports each build's state back here.
// Model-level hooks, so changes from the API, the dashboard and cron jobs (scheduled
// posts going live) all count.

// Handlers run in pooled runtimes and cannot see this file's variables, so each requires
// the library; the list of collections is read once, here.
{
  const collections = require(`${__hooks}/lib/publishing/publish.js`).COLLECTIONS;

  onRecordAfterCreateSuccess(
    (e) => {
      require(`${__hooks}/lib/publishing/publish.js`).onContentChange(e.record.collection().name, "create", null, e.record);
      e.next();
    },
    ...collections,
  );

  onRecordAfterUpdateSuccess(
    (e) => {
      require(`${__hooks}/lib/publishing/publish.js`).onContentChange(
        e.record.collection().name,
        "update",
        e.record.original(),
        e.record,
      );
      e.next();
    },
    ...collections,
  );

  onRecordAfterDeleteSuccess(
    (e) => {
      require(`${__hooks}/lib/publishing/publish.js`).onContentChange(e.record.collection().name, "delete", e.record, null);
      e.next();
    },
    ...collections,
  );
}

// The site builds, for the admin's 'Publicação do site' panel (active admins and
// editors), in ra-data-simple-rest's dialect (lib/common/rest.js); the id is the publisher's
// build id:
//   GET  /api/admin/rest/site-builds        list: sort, range, filter { id, state, mode }
//   GET  /api/admin/rest/site-builds/{id}   one build
//   POST /api/admin/rest/site-builds        'Publicar agora': asks for a build at once and
//                                           answers the queued build { id, state, reasons }
// The rows are written only by the publisher's reports (below).
routerAdd(
  "GET",
  "/api/admin/rest/site-builds",
  (e) => {
    const publish = require(`${__hooks}/lib/publishing/publish.js`);
    const rest = require(`${__hooks}/lib/common/rest.js`);
    publish.requirePublisherRole(e, "Você não tem permissão para ver a publicação do site.");
    const params = rest.listParams(e, publish.BUILDS_SPEC);
    const page = publish.listBuilds(e.app, params);
    return rest.sendList(e, "site-builds", params.range.start, page.items, page.total);
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "GET",
  "/api/admin/rest/site-builds/{id}",
  (e) => {
    const publish = require(`${__hooks}/lib/publishing/publish.js`);
    publish.requirePublisherRole(e, "Você não tem permissão para ver a publicação do site.");
    return e.json(200, publish.findBuild(e.app, e.request.pathValue("id")));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "POST",
  "/api/admin/rest/site-builds",
  (e) => {
    const publish = require(`${__hooks}/lib/publishing/publish.js`);
    publish.requirePublisherRole(e, "Você não tem permissão para publicar o site.");
    if (!publish.publisher()) {
      throw new ApiError(503, "A publicação automática não está configurada neste servidor.");
    }
    const reason = "Publicar agora (" + (e.auth.get("full_name") || e.auth.get("email")) + ")";
    const id = publish.requestRebuild(reason, true);
    if (!id) throw new ApiError(503, "O publicador não respondeu. Tente novamente em instantes.");
    return e.json(201, { id: id, state: "queued", reasons: [reason] });
  },
  $apis.requireAuth("users"),
);

// The publisher's reports (shared secret; loopback only in practice).
routerAdd("POST", "/api/site/builds/report", (e) => {
  const publish = require(`${__hooks}/lib/publishing/publish.js`);
  if (!publish.validSecret(e.request.header.get("X-Publish-Secret"))) throw new ForbiddenError("Segredo inválido.");
  const status = require(`${__hooks}/lib/common/request-body.js`).recordValues(e);
  if (!status.id || !status.state) throw new BadRequestError("Estado inválido.");
  publish.storeStatus(e.app, status);
  return e.noContent(204);
});
