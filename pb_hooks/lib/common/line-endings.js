// Line endings of the texts staff write, normalized to "\n" on every save, whatever the
// path (admin, API, dashboard): browsers send textareas with "\r\n", and a history
// comparing "\r\n" with "\n" showed every blank line twice.

const normalized = require(`${__hooks}/lib/common/shared.js`).sharedModule("line-endings.js").normalizeLineEndings;

/**
 * Text fields: rewritten only when they hold a "\r".
 * @param {any} record @param {string[]} names
 */
function normalizeFields(record, names) {
  for (const name of names) {
    const value = record.getString(name);
    const clean = normalized(value);
    if (clean !== value) record.set(name, clean);
  }
}

/** Every string inside a JSON value, normalized. @param {any} value @returns {any} */
function normalizedJson(value) {
  if (typeof value === "string") return normalized(value);
  if (Array.isArray(value)) return value.map(normalizedJson);
  if (value && typeof value === "object") {
    /** @type {Record<string, any>} */
    const out = {};
    for (const key of Object.keys(value)) out[key] = normalizedJson(value[key]);
    return out;
  }
  return value;
}

/**
 * A JSON field (a page's `content`: `{ sections: [{ heading, body }] }`): every string
 * in it. JSON text writes a carriage return as the escape \r, so most saves skip the parse.
 * @param {any} record @param {string} name
 */
function normalizeJsonField(record, name) {
  const raw = record.getString(name);
  if (raw.indexOf("\\r") < 0) return;
  // Malformed JSON is left for PocketBase's own validation to answer.
  const value = require(`${__hooks}/lib/common/json-values.js`).parseJson(raw);
  if (value === null) return;
  const clean = normalizedJson(value);
  if (JSON.stringify(clean) !== JSON.stringify(value)) record.set(name, clean);
}

module.exports = { normalizeFields, normalizeJsonField };
