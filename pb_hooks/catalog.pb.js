/// <reference path="../pb_data/types.d.ts" />

// The catalogue: product lines, products, datasheets and software (lib/catalog/catalog.js).
// Every save checked in pt-BR, from the API, the dashboard or a migration alike
// (model-level hooks); a request keeps a product's own site images, takes them out or
// brings back an earlier version's, never names a new one; a stale copy is refused and a
// restore named, as for the pages (lib/revisions/revisions.js). Handlers run in pooled
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
      require(`${__hooks}/lib/catalog/catalog.js`).assertBuiltinKept(e, e.record.original());
      require(`${__hooks}/lib/revisions/revisions.js`).prepareSave(e);
      e.next();
    },
    ...collections,
  );
}

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/catalog/catalog.js`).assertBuiltinKept(e, null);
  e.next();
}, "products");
