/// <reference path="../pb_data/types.d.ts" />

// Rebuild on publish: changes to what the public site shows ask the publisher for a
// rebuild (debounced there); the publisher reports each build's state back here.
// Model-level hooks, so changes from the API, the dashboard and cron jobs (scheduled
// posts going live) all count.

onRecordAfterCreateSuccess(
  (e) => {
    require(`${__hooks}/lib/publish.js`).onContentChange(e.record.collection().name, "create", null, e.record);
    e.next();
  },
  "posts",
  "pages",
  "public_site_settings",
);

onRecordAfterUpdateSuccess(
  (e) => {
    require(`${__hooks}/lib/publish.js`).onContentChange(e.record.collection().name, "update", e.record.original(), e.record);
    e.next();
  },
  "posts",
  "pages",
  "public_site_settings",
);

onRecordAfterDeleteSuccess(
  (e) => {
    require(`${__hooks}/lib/publish.js`).onContentChange(e.record.collection().name, "delete", e.record, null);
    e.next();
  },
  "posts",
  "pages",
  "public_site_settings",
);

// 'Publicar agora' in the admin (admins and editors).
routerAdd(
  "POST",
  "/api/site/publish",
  (e) => {
    const role = e.auth.get("role");
    if (!e.auth.get("is_active") || (role !== "admin" && role !== "editor")) {
      throw new ForbiddenError("Você não tem permissão para publicar o site.");
    }
    const publish = require(`${__hooks}/lib/publish.js`);
    if (!publish.publisher()) {
      throw new ApiError(503, "A publicação automática não está configurada neste servidor.");
    }
    if (!publish.requestRebuild("Publicar agora (" + (e.auth.get("full_name") || e.auth.get("email")) + ")", true)) {
      throw new ApiError(503, "O publicador não respondeu. Tente novamente em instantes.");
    }
    return e.json(202, { queued: true });
  },
  $apis.requireAuth("users"),
);

// The publisher's reports (shared secret; loopback only in practice).
routerAdd("POST", "/api/site/builds/report", (e) => {
  const publish = require(`${__hooks}/lib/publish.js`);
  if (!publish.validSecret(e.request.header.get("X-Publish-Secret"))) throw new ForbiddenError("Segredo inválido.");
  const status = e.requestInfo().body;
  if (!status || !status.id || !status.state) throw new BadRequestError("Estado inválido.");
  publish.storeStatus(e.app, status);
  return e.noContent(204);
});
