/// <reference path="../pb_data/types.d.ts" />

// The catalogue: product lines, products, datasheets and software (lib/catalog/catalog.js).
// Every save checked in pt-BR, from the API, the dashboard or a migration alike
// (model-level hooks); a request keeps a product's own site images, takes them out or
// brings back an earlier version's, never names a new one; a stale copy is refused and a
// restore named, as for the pages (lib/revisions/revisions.js). A product is published,
// or scheduled for the minute's job (lib/content/workflow.js), like a page; a published
// product renamed keeps its old address, which the site redirects (lib/common/old-slugs.js).
// A product in use (lib/catalog/usage.js) is not deleted; a deleted one waits in
// 'Produtos excluídos' (lib/catalog/deleted-products.js). Handlers run in pooled
// runtimes and cannot see this file's variables, so each requires the library; the list
// of collections (shared/catalog.js) is read once, here.
{
  const collections = Object.keys(require(`${__hooks}/lib/common/shared.js`).sharedModule("catalog.js").CATALOG);

  onRecordCreate(
    (e) => {
      require(`${__hooks}/lib/catalog/catalog.js`).assertCatalogRecord(e.app, e.record);
      e.next();
    },
    ...collections,
  );

  onRecordUpdate(
    (e) => {
      require(`${__hooks}/lib/catalog/catalog.js`).assertCatalogRecord(e.app, e.record);
      e.next();
    },
    ...collections,
  );

  onRecordUpdateRequest(
    (e) => {
      if (e.record.collection().name === "products") require(`${__hooks}/lib/content/workflow.js`).assertSchedule(e.record);
      require(`${__hooks}/lib/catalog/catalog.js`).assertBuiltinKept(e, e.record.original());
      require(`${__hooks}/lib/revisions/revisions.js`).prepareSave(e);
      e.next();
    },
    ...collections,
  );
}

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/content/workflow.js`).assertSchedule(e.record);
  require(`${__hooks}/lib/catalog/catalog.js`).assertBuiltinKept(e, null);
  e.next();
}, "products");

onRecordCreate((e) => {
  require(`${__hooks}/lib/common/old-slugs.js`).keepOldSlugs(e.record);
  e.next();
}, "products");
onRecordUpdate((e) => {
  require(`${__hooks}/lib/common/old-slugs.js`).keepOldSlugs(e.record);
  e.next();
}, "products");

onRecordDeleteRequest((e) => {
  require(`${__hooks}/lib/catalog/usage.js`).assertUnused(e.app, e.record);
  e.next();
}, "products");

routerAdd(
  "GET",
  "/api/admin/products/{id}/usage",
  (e) => {
    require(`${__hooks}/lib/auth/staff.js`).requireActiveEditor(e.auth);
    const product = e.app.findRecordById("products", e.request.pathValue("id"));
    return e.json(200, { usage: require(`${__hooks}/lib/catalog/usage.js`).usageOf(e.app, product) });
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "GET",
  "/api/admin/rest/deleted-products",
  (e) => {
    require(`${__hooks}/lib/auth/staff.js`).requireActiveEditor(e.auth);
    const deleted = require(`${__hooks}/lib/catalog/deleted-products.js`);
    const rest = require(`${__hooks}/lib/common/rest.js`);
    return rest.sendInMemory(e, "deleted-products", deleted.LIST_SPEC, (filter) => deleted.matching(deleted.all(e.app), filter));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "POST",
  "/api/admin/deleted-products/{id}/restore",
  (e) => {
    require(`${__hooks}/lib/auth/staff.js`).requireActiveEditor(e.auth);
    const product = require(`${__hooks}/lib/catalog/deleted-products.js`).restore(e, e.request.pathValue("id"));
    return e.json(200, { id: product.id, slug: product.getString("slug"), name: product.getString("name") });
  },
  $apis.requireAuth("users"),
);
