// Revisions of posts, pages, menus, testimonials, FAQ entries, partners and the catalogue (written by lib/audit/audit.js logChange; routes and upkeep
// in ../revisions.pb.js): every create, update and delete leaves one revision row with the record's editable fields as they were after
// it, who did it and which fields changed, written in the save's own transaction.
// History is never rewritten: a restored version is a new revision. Kept: the last
// KEEP revisions of each record plus every version that was public (ensureRetention); a
// deleted record's revisions stay DELETED_DAYS days so it can be brought back.

const KEEP = 50;
const DELETED_DAYS = 30;
const COLLECTION = "revisions";
/** PocketBase's record ids: 15 characters of these. */
const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** The editable fields of each collection, in order, with the name staff know them by. */
const FIELDS = {
  posts: [
    ["title", "título"],
    ["slug", "slug"],
    ["excerpt", "resumo"],
    ["content", "conteúdo"],
    ["cover", "capa"],
    ["category", "categoria"],
    ["tags", "tags"],
    ["status", "status"],
    ["published_at", "data de publicação"],
    ["author", "autor"],
    ["review_note", "nota de revisão"],
  ],
  pages: [
    ["name", "nome"],
    ["slug", "slug"],
    ["title", "título SEO"],
    ["meta_description", "meta descrição"],
    ["content", "conteúdo"],
    ["is_homepage", "página inicial"],
    ["status", "status"],
    ["published_at", "data de publicação"],
    ["review_note", "nota de revisão"],
  ],
  // The site's menus and shared pieces (no status: every save is live at the next publication).
  menus: [
    ["title", "título da coluna"],
    ["items", "links"],
  ],
  testimonials: [
    ["name", "nome"],
    ["company", "empresa"],
    ["role", "cargo"],
    ["quote", "depoimento"],
    ["page", "página"],
    ["order", "ordem"],
  ],
  faq_entries: [
    ["question", "pergunta"],
    ["answer", "resposta"],
    ["order", "ordem"],
  ],
  partners: [
    ["name", "nome"],
    ["full_name", "nome completo"],
    ["kind", "tipo"],
    ["order", "ordem"],
    ["logo", "logotipo"],
    ["builtin_logo", "logotipo do site"],
  ],
  // The catalogue (shared/catalog.js); products have a status, the others are live at the next publication.
  product_lines: [
    ["slug", "endereço"],
    ["name", "nome"],
    ["title", "título no catálogo"],
    ["icon_text", "letra do ícone"],
    ["family", "família"],
    ["description", "descrição"],
    ["long_description", "descrição longa"],
    ["esp32_module", "módulo ESP32"],
    ["image", "imagem"],
    ["builtin_image", "imagem do site"],
    ["image_alt", "texto alternativo da imagem"],
    ["color", "cor"],
    ["featured", "destaque"],
    ["order", "ordem"],
  ],
  products: [
    ["slug", "endereço"],
    ["model", "modelo"],
    ["name", "nome"],
    ["line", "linha"],
    ["order", "ordem"],
    ["description", "descrição curta"],
    ["tagline", "chamada"],
    ["specs", "especificações"],
    ["catalogue_specs", "especificações do catálogo"],
    ["key_features", "diferenciais"],
    ["applications", "aplicações"],
    ["images", "imagens"],
    ["datasheet", "datasheet"],
    ["related", "produtos relacionados"],
    ["status", "status"],
    ["published_at", "data de publicação"],
  ],
  datasheets: [
    ["slug", "identificador"],
    ["name", "nome"],
    ["description", "descrição"],
    ["url", "endereço"],
    ["order", "ordem"],
  ],
  software: [
    ["slug", "identificador"],
    ["name", "nome"],
    ["description", "descrição"],
    ["url", "endereço"],
    ["category", "categoria"],
    ["order", "ordem"],
  ],
};

/** The collections that keep revisions (lib/audit/audit.js writes them with each save). */
const REVISED = Object.keys(FIELDS);

/** What a history calls the record's creation, deletion and return, per collection (a post, a página). */
const EVENTS = {
  posts: { create: "criado", delete: "excluído", undelete: "restaurado depois de excluído" },
  pages: { create: "criada", delete: "excluída", undelete: "restaurada depois de excluída" },
  menus: { create: "criado", delete: "excluído", undelete: "restaurado depois de excluído" },
  testimonials: { create: "criado", delete: "excluído", undelete: "restaurado depois de excluído" },
  faq_entries: { create: "criada", delete: "excluída", undelete: "restaurada depois de excluída" },
  partners: { create: "criado", delete: "excluído", undelete: "restaurado depois de excluído" },
  product_lines: { create: "criada", delete: "excluída", undelete: "restaurada depois de excluída" },
  products: { create: "criado", delete: "excluído", undelete: "restaurado depois de excluído" },
  datasheets: { create: "criado", delete: "excluído", undelete: "restaurado depois de excluído" },
  software: { create: "criado", delete: "excluído", undelete: "restaurado depois de excluído" },
};

/** How a superuser is named in a history authors read (the audit log, for admins only, keeps the e-mail). */
const SUPERUSER_NAME = "Administrador do sistema";

/** The statuses as the admin names them: a post is 'Publicado', a página 'Publicada'. */
const STATUS_LABELS = {
  posts: { draft: "Rascunho", review: "Em revisão", published: "Publicado", scheduled: "Agendado" },
  pages: { draft: "Rascunho", review: "Em revisão", published: "Publicada", scheduled: "Agendada" },
};

/** The record's custom (never stored) value naming the revision a save restores. */
const RESTORED_FROM_KEY = "@restoredFrom";

const CONFLICT =
  "Este registro foi alterado por outra pessoa depois que você o abriu. Veja as diferenças antes de salvar de novo.";
const NOT_THIS_RECORD = "A versão a restaurar não é deste registro.";

/**
 * A field's value as plain JSON.
 * @param {any} record @param {string} name
 */
function fieldValue(record, name) {
  const field = record.collection().fields.getByName(name);
  const type = field ? field.type() : "text";
  if (type === "bool") return record.getBool(name);
  if (type === "number") return record.getFloat(name);
  if (type === "json") return require(`${__hooks}/lib/common/json-values.js`).jsonField(record, name);
  // Several related records (a product's related products): their ids, in order.
  if (type === "relation" && field.maxSelect > 1) return record.getStringSlice(name);
  return record.getString(name);
}

/**
 * The editable fields of a record.
 * @param {any} record
 * @returns {Record<string, any>}
 */
function dataOf(record) {
  /** @type {Record<string, any>} */
  const data = {};
  for (const [name] of FIELDS[record.collection().name]) data[name] = fieldValue(record, name);
  return data;
}

/** A status as staff read it ('Publicado'); a product's from shared/catalog.js. */
function statusLabel(collection, status) {
  if (collection === "products") {
    const { sharedModule } = require(`${__hooks}/lib/common/shared.js`);
    const found = sharedModule("catalog.js").PRODUCT_STATUSES.filter((option) => option.value === status)[0];
    return found ? found.label : status;
  }
  return (STATUS_LABELS[collection] || {})[status] || status;
}

/**
 * Which fields differ, by the names staff know them by; a status change names the new status.
 * @param {string} collection @param {Record<string, any>} before @param {Record<string, any>} after
 * @returns {string[]}
 */
function changedLabels(collection, before, after) {
  const labels = [];
  for (const [name, label] of FIELDS[collection]) {
    if (JSON.stringify(before[name]) === JSON.stringify(after[name])) continue;
    labels.push(name === "status" ? `status: ${statusLabel(collection, after.status)}` : label);
  }
  return labels;
}

/**
 * Who made a change, as staff read it: their name, or SUPERUSER_NAME for an operator.
 * @param {{ actor?: string }} who lib/audit/audit.js actorOf or whoChanged
 */
function editorName(who) {
  const name = String(who.actor || "");
  return (name.indexOf("superuser ") === 0 ? SUPERUSER_NAME : name).slice(0, 200);
}

/**
 * Whether the version is public (kept beyond the last KEEP): a published or scheduled post
 * or page. A menu or piece has no status, and its versions are only the last KEEP.
 * @param {any} record
 */
function isPublic(record) {
  if (!record.collection().fields.getByName("status")) return false;
  const status = record.getString("status");
  return status === "published" || status === "scheduled";
}

/**
 * Writes the revision of a save (lib/audit/audit.js logChange, inside the save's transaction). An update that changes no editable field leaves none.
 * @param {any} tx @param {any} record @param {"create" | "update" | "delete"} action
 * @param {Record<string, any> | null} before the editable fields before an update
 * @param {string} [summary] instead of the action's own (a record's first revision written
 *   after its creation, by pb_migrations/1795310900_page_sections_revisions.js)
 */
function writeRevision(tx, record, action, before, summary) {
  const collection = record.collection().name;
  const data = dataOf(record);
  const restoredFrom = String(record.get(RESTORED_FROM_KEY) || "");
  const events = EVENTS[collection];
  let kind = action;
  if (summary === undefined) {
    if (action === "delete") summary = events.delete;
    else if (action === "create") summary = restoredFrom ? events.undelete : events.create;
    else {
      const labels = changedLabels(collection, before || {}, data);
      if (labels.length === 0) return;
      summary = labels.join(", ");
    }
  }
  if (restoredFrom) kind = "restore";
  const who = require(`${__hooks}/lib/audit/audit.js`).whoChanged(record);
  const owner = collection === "posts" && action !== "delete" ? record.getString("author") : "";
  // A plain INSERT: the values are the server's own, and a revision is never hooked or
  // changed after this, so PocketBase's record save (validation, hooks) would only add time.
  tx.db()
    .newQuery(
      "INSERT INTO revisions (id, collection, record, kind, data, editor, editor_name, owner, summary, published, restored_from, created) " +
        "VALUES ({:id}, {:collection}, {:record}, {:kind}, {:data}, {:editor}, {:editorName}, {:owner}, {:summary}, {:published}, {:restoredFrom}, {:created})",
    )
    .bind({
      id: $security.randomStringWithAlphabet(15, ID_ALPHABET),
      collection: collection,
      record: record.id,
      kind: kind,
      data: JSON.stringify(data),
      editor: who.user || "",
      editorName: editorName(who),
      owner: owner,
      summary: summary.slice(0, 300),
      published: action !== "delete" && isPublic(record),
      restoredFrom: restoredFrom,
      created: new DateTime().string(),
    })
    .execute();
  const ownerChanged = action === "update" && before && before.author !== data.author;
  if (action === "delete" || (action === "create" && restoredFrom) || ownerChanged) {
    // Who may read the history follows the post: its author now, nobody while deleted.
    tx.db()
      .newQuery("UPDATE revisions SET owner = {:owner} WHERE collection = {:collection} AND record = {:record}")
      .bind({ owner: owner, collection: collection, record: record.id })
      .execute();
  }
}

/**
 * The retention rule, as a trigger SQLite runs after each new revision in the same
 * statement: a record keeps its last KEEP revisions and every public one. A query of
 * its own from JS on every save cost a staff save about a quarter more (bench/revisions.mjs);
 * the trigger costs what its DELETE costs (microseconds). Idempotent: run at every start,
 * so a table PocketBase rebuilds gets it back.
 * @param {any} app
 */
function ensureRetention(app) {
  app
    .db()
    .newQuery(
      "CREATE TRIGGER IF NOT EXISTS revisions_keep_last AFTER INSERT ON revisions BEGIN " +
        "DELETE FROM revisions WHERE collection = NEW.collection AND record = NEW.record AND published = FALSE AND id NOT IN " +
        `(SELECT id FROM revisions WHERE collection = NEW.collection AND record = NEW.record ORDER BY created DESC, rowid DESC LIMIT ${KEEP}); ` +
        "END",
    )
    .execute();
}

/**
 * Removes the revisions of records deleted more than DELETED_DAYS ago (and not brought back).
 * @param {any} app @returns {number} how many rows were removed
 */
function purgeDeleted(app) {
  let removed = 0;
  const cutoff = new DateTime().addDate(0, 0, -DELETED_DAYS).string();
  for (const collection of Object.keys(FIELDS)) {
    const result = app
      .db()
      .newQuery(
        // A record deleted, brought back and deleted again counts from its last deletion.
        `DELETE FROM revisions WHERE collection = {:collection} AND record IN (SELECT record FROM revisions WHERE collection = {:collection} AND kind = 'delete' GROUP BY record HAVING MAX(created) < {:cutoff}) AND record NOT IN (SELECT id FROM ${collection})`,
      )
      .bind({ collection: collection, cutoff: cutoff })
      .execute();
    removed += result.rowsAffected();
  }
  return removed;
}

/** The request's store key, and the record's custom key, for the `updated` value a save was based on. */
const LOADED_KEY = "operiumLoadedUpdated";
const LOADED_RECORD_KEY = "@loadedUpdated";

/**
 * Request guard (lib/common/request-guards.js), before PocketBase handles an update: the
 * body's `updated` as the client sent it. PocketBase later loads the body into the
 * record, and `updated` (an autodate field) then reads as the stored value.
 * Only signed-in requests: nobody else may update a post or page.
 * @param {any} e
 */
function rememberLoaded(e) {
  if (!e.auth) return;
  let collection;
  try {
    // The path may name the collection or give its id.
    collection = e.app.findCachedCollectionByNameOrId(e.request.pathValue("collection")).name;
  } catch (_) {
    return; // PocketBase's handler answers the missing collection
  }
  if (!Object.prototype.hasOwnProperty.call(FIELDS, collection)) return;
  const loaded = require(`${__hooks}/lib/common/request-body.js`).recordValues(e)["updated"];
  if (typeof loaded === "string" && loaded !== "") e.set(LOADED_KEY, loaded);
}

/**
 * Update request hook: carries the `updated` value the save was based on to the save
 * (checked by assertCurrent once the API rules have let the save through, so a 409
 * tells nothing to someone who may not update the record), and marks a restore: the
 * body's `restored_from` names the revision it brings back (only its own record's).
 * @param {any} e
 */
function prepareSave(e) {
  const loaded = e.get(LOADED_KEY);
  if (loaded) e.record.set(LOADED_RECORD_KEY, loaded);
  const from = require(`${__hooks}/lib/common/request-body.js`).recordValues(e)["restored_from"];
  if (from !== undefined && from !== null && String(from) !== "") {
    let revision;
    try {
      revision = e.app.findRecordById(COLLECTION, String(from));
    } catch (_) {
      revision = null;
    }
    if (
      !revision ||
      revision.getString("collection") !== e.record.collection().name ||
      revision.getString("record") !== e.record.id
    ) {
      throw new BadRequestError(NOT_THIS_RECORD);
    }
    e.record.set(RESTORED_FROM_KEY, revision.id);
  }
}

/**
 * In the save's transaction, before the write: refuses (409) a save based on a copy
 * someone else has saved over since. Read inside the transaction, where PocketBase's
 * writes are serialized, so two saves from one copy cannot both pass.
 * @param {any} tx @param {any} record
 */
function assertCurrent(tx, record) {
  const loaded = record.get(LOADED_RECORD_KEY);
  if (!loaded) return;
  const stored = tx.findRecordById(record.collection().name, record.id).getString("updated");
  if (String(loaded) !== stored) throw new ApiError(409, CONFLICT);
}

module.exports = {
  DELETED_DAYS,
  FIELDS,
  REVISED,
  RESTORED_FROM_KEY,
  dataOf,
  editorName,
  ensureRetention,
  purgeDeleted,
  rememberLoaded,
  prepareSave,
  assertCurrent,
  writeRevision,
};
