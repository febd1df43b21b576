// 'Produtos excluídos', as the posts' trash (lib/posts/deleted-posts.js): a product
// deleted in the last DELETED_DAYS days (lib/revisions/revisions.js keeps its history),
// and bringing one back, created again with its id (its history continues) and the
// fields it had when deleted. What it pointed at and is gone meanwhile is left out (a
// datasheet, a related product); its line must still exist.

const LIST_SPEC = {
  sortFields: ["name", "model", "deleted_at", "deleted_by"],
  defaultSort: ["deleted_at", "DESC"],
  filters: { id: "list", q: "text" },
};

/**
 * @param {any} app @param {string} [id] only this product
 */
function all(app, id) {
  return require(`${__hooks}/lib/revisions/deleted.js`)
    .deletedRecords(app, "products", id)
    .map((item) => ({
      revision: item.revision,
      id: item.id,
      name: String(item.data.name || ""),
      model: String(item.data.model || ""),
      slug: String(item.data.slug || ""),
      status: String(item.data.status || ""),
      deleted_by: item.deleted_by,
      deleted_at: item.deleted_at,
      data: item.data,
    }));
}

/** @param {ReturnType<typeof all>} items @param {Record<string, any>} filter */
function matching(items, filter) {
  return require(`${__hooks}/lib/revisions/deleted.js`).matchingDeleted(items, filter, ["name", "model", "slug"]);
}

/** Whether a record of `collection` with this id exists. */
function exists(app, collection, id) {
  if (!id) return false;
  try {
    app.findRecordById(collection, String(id));
    return true;
  } catch (_) {
    return false;
  }
}

/**
 * Creates the deleted product again, as it was (an address taken meanwhile gets a
 * suffix), as the request's staff member: checked, audited and with a revision like any save.
 * @param {any} e the route's request event @param {string} id
 */
function restore(e, id) {
  const { DELETED_DAYS, FIELDS, RESTORED_FROM_KEY } = require(`${__hooks}/lib/revisions/revisions.js`);
  const [item] = all(e.app, id);
  if (!item) {
    if (exists(e.app, "products", id)) throw new BadRequestError("Este produto não está excluído.");
    throw new NotFoundError(`Não há um produto excluído com este identificador nos últimos ${DELETED_DAYS} dias.`);
  }
  const data = item.data;
  if (!exists(e.app, "product_lines", data.line)) {
    throw new BadRequestError(
      "A linha deste produto foi excluída; crie a linha de novo (ou restaure-a) antes de restaurar o produto.",
    );
  }
  const product = new Record(e.app.findCollectionByNameOrId("products"));
  product.set("id", id);
  const skip = { slug: true, datasheet: true, related: true };
  for (const [name] of FIELDS.products) {
    if (!skip[name] && data[name] !== undefined && data[name] !== null) product.set(name, data[name]);
  }
  if (exists(e.app, "datasheets", data.datasheet)) product.set("datasheet", data.datasheet);
  const related = Array.isArray(data.related) ? data.related : [];
  product.set(
    "related",
    related.filter((other) => other !== id && exists(e.app, "products", other)),
  );
  const { uniqueSlug } = require(`${__hooks}/lib/common/slug.js`);
  product.set("slug", uniqueSlug(e.app, "products", String(data.slug || data.model || "produto").toLowerCase(), ""));
  const { ACTOR_KEY, actorOf } = require(`${__hooks}/lib/audit/audit.js`);
  product.set(ACTOR_KEY, actorOf(e));
  product.set(RESTORED_FROM_KEY, item.revision);
  e.app.save(product);
  return product;
}

module.exports = { LIST_SPEC, all, matching, restore };
