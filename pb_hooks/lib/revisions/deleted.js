// The trash of the collections that keep revisions (lib/revisions/revisions.js): a deleted
// record lives on in its last revision for DELETED_DAYS days, and its trash screen lists
// it from there ('Posts excluídos', lib/posts/deleted-posts.js; 'Produtos excluídos',
// lib/catalog/deleted-products.js).

/**
 * The records of `collection` deleted in the last DELETED_DAYS days and not brought back,
 * from their last revision (a trash: lib/posts/deleted-posts.js, lib/catalog/deleted-products.js),
 * newest deletion first.
 * @param {any} app @param {string} collection one of REVISED @param {string} [id] only this record
 * @returns {{ revision: string, id: string, deleted_by: string, deleted_at: string, data: Record<string, any> }[]}
 */
function deletedRecords(app, collection, id) {
  const { DELETED_DAYS, REVISED } = require(`${__hooks}/lib/revisions/revisions.js`);
  if (REVISED.indexOf(collection) < 0) throw new Error(`no revisions for ${collection}`);
  const cutoff = new DateTime().addDate(0, 0, -DELETED_DAYS).string();
  const rows = arrayOf(new DynamicModel({ id: "", record: "", data: "", editor_name: "", created: "" }));
  app
    .db()
    .newQuery(
      "SELECT r.id AS id, r.record AS record, r.data AS data, r.editor_name AS editor_name, r.created AS created FROM revisions r " +
        "WHERE r.collection = {:collection} AND r.kind = 'delete' AND r.created >= {:cutoff} " +
        (id ? "AND r.record = {:id} " : "") +
        `AND NOT EXISTS (SELECT 1 FROM ${collection} p WHERE p.id = r.record) ` +
        "AND NOT EXISTS (SELECT 1 FROM revisions n WHERE n.collection = {:collection} AND n.record = r.record AND n.kind = 'delete' AND n.created > r.created) " +
        "ORDER BY r.created DESC",
    )
    .bind({ collection: collection, cutoff: cutoff, id: id || "" })
    .all(rows);
  const { parseJson } = require(`${__hooks}/lib/common/json-values.js`);
  return rows.map((row) => ({
    revision: row.id,
    id: row.record,
    deleted_by: row.editor_name,
    deleted_at: row.created,
    data: parseJson(row.data, {}) || {},
  }));
}

/**
 * A trash's list as its REST route answers it (lib/common/rest.js): the items the filter
 * asks for (`id`: a list of ids; `q`: words, accents optional, in `searched`), each
 * without its stored data (`revision`, `data`).
 * @param {{ id: string, revision: string, data: any }[]} items @param {Record<string, any>} filter
 * @param {string[]} searched the fields `q` looks in
 */
function matchingDeleted(items, filter, searched) {
  const { fold } = require(`${__hooks}/lib/common/slug.js`);
  const q = filter.q ? fold(filter.q) : "";
  return items
    .filter(
      (item) =>
        (!filter.id || filter.id.indexOf(item.id) !== -1) &&
        (!q || fold(searched.map((name) => item[name]).join(" ")).indexOf(q) !== -1),
    )
    .map((item) => {
      const listed = Object.assign({}, item);
      delete listed.revision;
      delete listed.data;
      return listed;
    });
}

module.exports = { deletedRecords, matchingDeleted };
