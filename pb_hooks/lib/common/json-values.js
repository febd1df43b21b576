// The one way the hooks read stored JSON: a record's JSON field (audit values, a page's
// content, a revision's data, a build's reasons) or a JSON text column read with SQL.
// record.get() of a JSON field gives its raw bytes (types.JSONRaw), which JS sees as an
// array of numbers: copied into an object, it became {"0":123,"1":34,...}, and an
// erasure that meant to scrub the audit log left every value in it (pb_migrations/1795310100_audit_values_unscrambled.js).

/** JSON text as plain data; `fallback` (default null) when empty or unreadable. */
function parseJson(text, fallback) {
  const none = fallback === undefined ? null : fallback;
  const raw = text === null || text === undefined ? "" : String(text);
  if (raw === "") return none;
  try {
    const value = JSON.parse(raw);
    return value === null ? none : value;
  } catch (_) {
    return none;
  }
}

/** A record's JSON field as plain data (its text, parsed); `fallback` when empty or unreadable. */
function jsonField(record, name, fallback) {
  return parseJson(record.getString(name), fallback);
}

module.exports = { parseJson, jsonField };
