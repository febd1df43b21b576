// Mídia's trash, as the posts' one (lib/posts/deleted-posts.js) works for staff: a deleted
// file can be restored for DELETED_DAYS days (lib/revisions/revisions.js), then the nightly job
// deletes it for good. Unlike a post, the record stays meanwhile, marked with when and
// by whom (`deleted_at`, `deleted_by`), so its file keeps being served: a published page
// that shows it does not break, as a WordPress trashed attachment keeps its file. Out of
// the library list and the editor's picker, not editable (the collection's rules,
// pb_migrations/1795310700_media_trash.js).
//
// Every step is a save through PocketBase (lib/audit/audit.js logs it): to the trash and
// back an UPDATE of `deleted_at` by whoever asked, the purge a DELETE by the system.
// A file still used somewhere (lib/media/usage.js) is never deleted for good: the
// purge keeps it in the trash, and a deletion from the trash is refused naming the places.

const LIST_SPEC = {
  sortFields: ["original_filename", "file_size", "deleted_at", "deleted_by"],
  defaultSort: ["deleted_at", "DESC"],
  filters: { id: "list", q: "text" },
};

const NOT_DELETED = "Este arquivo não está em Mídia excluída.";

/** @param {any} record */
function isTrashed(record) {
  return record.getString("deleted_at") !== "";
}

/**
 * What the trash shows of a file: the library's facts, when and by whom it was
 * deleted, and where it is still used.
 * @param {any} app @param {any} record
 */
function itemOf(app, record) {
  const { usageOf } = require(`${__hooks}/lib/media/usage.js`);
  return {
    id: record.id,
    collectionId: record.collection().id,
    collectionName: "media",
    file: record.getString("file"),
    original_filename: record.getString("original_filename"),
    mime_type: record.getString("mime_type"),
    file_size: record.getInt("file_size"),
    alt_text: record.getString("alt_text"),
    decorative: record.getBool("decorative"),
    width: record.getInt("width"),
    height: record.getInt("height"),
    deleted_at: record.getString("deleted_at"),
    deleted_by: record.getString("deleted_by"),
    usage: usageOf(app, record),
  };
}

/** Every file in the trash, newest deletion first. @param {any} app */
function all(app) {
  return app.findRecordsByFilter("media", "deleted_at != ''", "-deleted_at", 0, 0).map((record) => itemOf(app, record));
}

/** @param {ReturnType<typeof all>} items @param {Record<string, any>} filter */
function matching(items, filter) {
  const { fold } = require(`${__hooks}/lib/common/slug.js`);
  const q = filter.q ? fold(filter.q) : "";
  return items.filter(
    (item) =>
      (!filter.id || filter.id.indexOf(item.id) !== -1) &&
      (!q || fold(`${item.original_filename} ${item.alt_text}`).indexOf(q) !== -1),
  );
}

/**
 * A staff member's deletion (the collection's delete request, its rule already passed):
 * a file in the library goes to the trash; a file in the trash is deleted for good
 * (`next`), unless something still uses it.
 * @param {any} e the delete request event
 */
function deleteRequested(e) {
  const record = e.record;
  if (isTrashed(record)) {
    const usage = require(`${__hooks}/lib/media/usage.js`);
    const uses = usage.usageOf(e.app, record);
    if (uses.length > 0) {
      throw new ApiError(
        409,
        `Este arquivo ainda é usado em: ${usage.describe(uses)}. Tire-o desses lugares antes de excluí-lo definitivamente.`,
      );
    }
    return e.next();
  }
  const { ACTOR_KEY, actorOf } = require(`${__hooks}/lib/audit/audit.js`);
  record.set("deleted_at", new DateTime());
  record.set("deleted_by", require(`${__hooks}/lib/revisions/revisions.js`).editorName(actorOf(e)));
  // Named here, as restore() does: whether the audit's request hook ran first depends on
  // the order the hook files load in.
  record.set(ACTOR_KEY, actorOf(e));
  e.app.save(record);
  return e.noContent(204);
}

/**
 * Brings a file back to the library, as the request's staff member (audited).
 * @param {any} e the route's request event @param {string} id
 */
function restore(e, id) {
  let record;
  try {
    record = e.app.findRecordById("media", id);
  } catch (_) {
    throw new NotFoundError("Não há um arquivo com este identificador em Mídia excluída.");
  }
  if (!isTrashed(record)) throw new BadRequestError(NOT_DELETED);
  const { ACTOR_KEY, actorOf } = require(`${__hooks}/lib/audit/audit.js`);
  record.set("deleted_at", "");
  record.set("deleted_by", "");
  record.set(ACTOR_KEY, actorOf(e));
  e.app.save(record);
  return record;
}

/**
 * Deletes for good the files in the trash for more than DELETED_DAYS days that nothing
 * uses (nightly); a used one stays, and the trash shows where.
 * @param {any} app @returns {{ deleted: number, kept: number }}
 */
function purge(app) {
  const { DELETED_DAYS } = require(`${__hooks}/lib/revisions/revisions.js`);
  const { usageOf } = require(`${__hooks}/lib/media/usage.js`);
  const cutoff = new DateTime().addDate(0, 0, -DELETED_DAYS).string();
  const result = { deleted: 0, kept: 0 };
  const old = app.findRecordsByFilter("media", "deleted_at != '' && deleted_at < {:cutoff}", "deleted_at", 0, 0, {
    cutoff: cutoff,
  });
  for (const record of old) {
    if (usageOf(app, record).length > 0) {
      result.kept++;
      continue;
    }
    app.delete(record);
    result.deleted++;
  }
  if (result.kept > 0) app.logger().info("media trash: files still in use kept", "kept", result.kept);
  return result;
}

module.exports = { LIST_SPEC, all, matching, deleteRequested, restore, purge, isTrashed };
