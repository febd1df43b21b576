// The 64 KB limit on public creates (checked by pb_hooks/requests.pb.js). What the
// public may create (a contact message, a newsletter sign-up, an account, a comment) is a few KB:
// a body over 64 KB is refused with 413 before it is read, by its Content-Length, or,
// sent without one (chunked), once 64 KB have come in. Uploads (media, covers,
// avatars) are staff requests and keep their fields' own limits.

const MAX_BYTES = 64 * 1024;
const MESSAGE = "O conteúdo enviado é grande demais: o limite é de 64 KB.";
const PUBLIC_COLLECTIONS = ["contact_messages", "newsletter_subscribers", "users", "comments"];

/** Public creates; an active admin creating an account (with its avatar) is not one. */
function appliesTo(e) {
  let name;
  try {
    name = e.app.findCachedCollectionByNameOrId(e.request.pathValue("collection")).name;
  } catch (_) {
    return false; // PocketBase answers 404
  }
  if (PUBLIC_COLLECTIONS.indexOf(name) < 0) return false;
  if (name !== "users" || !e.auth) return true;
  const admin = e.auth.isSuperuser() || (e.auth.get("role") === "admin" && e.auth.get("is_active"));
  return !admin;
}

function check(e) {
  const declared = e.request.contentLength;
  if (declared > MAX_BYTES) throw new ApiError(413, MESSAGE);
  if (declared >= 0) return; // Go's server never reads past the declared length
  // No length: read at most one byte past the limit. A body within it is read to its
  // end, and PocketBase's rereadable body hands it over again to the create handler.
  const head = toBytes(e.request.body, MAX_BYTES + 1);
  if (head.length > MAX_BYTES) throw new ApiError(413, MESSAGE);
}

module.exports = { appliesTo, check, MAX_BYTES };
