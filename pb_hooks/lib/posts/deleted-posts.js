// Posts deleted in the last days, from their last revision (lib/revisions/revisions.js keeps a
// deleted post's history for DELETED_DAYS days), and bringing one back: the post is
// created again with its id, so its history continues, and with the fields it had
// when deleted. Its cover file was removed with it and does not come back.

const LIST_SPEC = {
  sortFields: ["title", "deleted_at", "deleted_by"],
  defaultSort: ["deleted_at", "DESC"],
  filters: { id: "list", q: "text" },
};

const EXISTS = "Este post não está excluído.";

/**
 * The deletions still in reach whose post has not been brought back, newest first.
 * @param {any} app @param {string} [id] only this post
 * @returns {{ revision: string, id: string, title: string, slug: string, status: string, deleted_by: string, deleted_at: string, data: any }[]}
 */
function all(app, id) {
  return require(`${__hooks}/lib/revisions/deleted.js`)
    .deletedRecords(app, "posts", id)
    .map((item) => ({
      revision: item.revision,
      id: item.id,
      title: String(item.data.title || ""),
      slug: String(item.data.slug || ""),
      status: String(item.data.status || ""),
      deleted_by: item.deleted_by,
      deleted_at: item.deleted_at,
      data: item.data,
    }));
}

/** @param {ReturnType<typeof all>} items @param {Record<string, any>} filter */
function matching(items, filter) {
  return require(`${__hooks}/lib/revisions/deleted.js`).matchingDeleted(items, filter, ["title", "slug"]);
}

/**
 * Creates the deleted post again, as it was (a slug taken meanwhile gets a suffix), as
 * the request's staff member: audited and with a revision like any save.
 * @param {any} e the route's request event @param {string} id
 */
function restore(e, id) {
  const { DELETED_DAYS, RESTORED_FROM_KEY } = require(`${__hooks}/lib/revisions/revisions.js`);
  const [item] = all(e.app, id);
  if (!item) {
    try {
      e.app.findRecordById("posts", id);
    } catch (_) {
      throw new NotFoundError(`Não há um post excluído com este identificador nos últimos ${DELETED_DAYS} dias.`);
    }
    throw new BadRequestError(EXISTS);
  }
  const { ACTOR_KEY, actorOf } = require(`${__hooks}/lib/audit/audit.js`);
  const { uniqueSlug, slugify } = require(`${__hooks}/lib/common/slug.js`);
  const data = item.data;
  const post = new Record(e.app.findCollectionByNameOrId("posts"));
  post.set("id", id);
  for (const name of ["title", "excerpt", "content", "category", "tags", "status", "published_at", "review_note"]) {
    if (data[name] !== undefined && data[name] !== null) post.set(name, data[name]);
  }
  post.set("slug", uniqueSlug(e.app, "posts", data.slug || slugify(data.title), ""));
  // The author, if the account still exists; else whoever brings the post back.
  try {
    post.set("author", e.app.findRecordById("users", String(data.author || "")).id);
  } catch (_) {
    post.set("author", e.auth.id);
  }
  // The site's rules still apply to a post that comes back public (a 400 naming the field).
  require(`${__hooks}/lib/content/content-rules.js`).assertPublishable("posts", post);
  post.set(ACTOR_KEY, actorOf(e));
  post.set(RESTORED_FROM_KEY, item.revision);
  e.app.save(post);
  return post;
}

module.exports = { LIST_SPEC, all, matching, restore };
