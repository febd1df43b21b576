// Who on the staff may act as an editor: an active account with the admin or editor
// role (the 'editor' permission of src/lib/permissions.ts, which the API rules mirror).
// Comments moderation, publishing and analytics ask this one question; data-subject
// requests and the test e-mail ask for an active admin.

/**
 * Whether `auth` is an active admin or editor; superusers count only when `superusers` is true.
 * @param {any} auth the request's auth record, or null
 * @param {boolean} [superusers]
 */
function isActiveEditor(auth, superusers) {
  if (!auth) return false;
  if (auth.isSuperuser()) return !!superusers;
  if (auth.collection().name !== "users" || !auth.get("is_active")) return false;
  const role = auth.get("role");
  return role === "admin" || role === "editor";
}

/**
 * Whether `auth` is an active admin; superusers count only when `superusers` is true.
 * @param {any} auth the request's auth record, or null
 * @param {boolean} [superusers]
 */
function isActiveAdmin(auth, superusers) {
  if (!auth) return false;
  if (auth.isSuperuser()) return !!superusers;
  return auth.collection().name === "users" && !!auth.get("is_active") && auth.get("role") === "admin";
}

/**
 * Sets who asked on a record with `requested_by` and `requested_by_name` (privacy
 * requests, newsletter sends): the staff account and its name as it is now, or
 * "superuser" for an operator.
 */
function setRequester(record, auth) {
  if (auth && !auth.isSuperuser()) {
    record.set("requested_by", auth.id);
    record.set("requested_by_name", auth.getString("full_name") || auth.email());
  } else {
    record.set("requested_by_name", "superuser");
  }
}

/** Route guard: refuses (403) anyone but an active admin or editor. @param {any} auth */
function requireActiveEditor(auth) {
  if (!isActiveEditor(auth)) throw new ForbiddenError("Apenas administradores e editores.");
}

module.exports = { isActiveEditor, isActiveAdmin, requireActiveEditor, setRequester };
