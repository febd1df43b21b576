/// <reference path="../pb_data/types.d.ts" />

// Audit rows an erasure garbled before pb_hooks/lib/common/json-values.js: pb_hooks/lib/privacy/privacy.js read the JSON
// fields as bytes and stored them as {"0":123,"1":34,...}, which still held the erased
// commenter's e-mail, name and text. Only erased comments' rows were rewritten so: each
// such value is decoded back to its JSON and scrubbed as the erasure meant to
// (privacy.js's strippedValues). Nothing to undo: the personal values are gone.

/** The JSON a garbled value spelled as bytes, or undefined when the value is not one. */
function unscrambled(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (_) {
    return undefined;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length === 0) return undefined;
  const bytes = [];
  for (let i = 0; i < keys.length; i++) {
    const byte = value[String(i)];
    if (typeof byte !== "number" || byte < 0 || byte > 255 || byte % 1 !== 0) return undefined;
    bytes.push(byte);
  }
  try {
    // UTF-8 bytes to text, without a TextDecoder in the hooks' runtime.
    return JSON.parse(decodeURIComponent(bytes.map((byte) => (byte < 16 ? "%0" : "%") + byte.toString(16)).join("")));
  } catch (_) {
    return undefined;
  }
}

migrate(
  (app) => {
    const { strippedValues } = require(`${__hooks}/lib/privacy/privacy.js`);
    const rows = arrayOf(new DynamicModel({ id: "", old_values: "", new_values: "" }));
    app
      .db()
      .newQuery(
        "SELECT id, COALESCE(CAST(old_values AS TEXT), '') AS old_values, COALESCE(CAST(new_values AS TEXT), '') AS new_values " +
          "FROM audit_logs " +
          "WHERE table_name = 'comments' AND (old_values LIKE '{\"0\":%' OR new_values LIKE '{\"0\":%')",
      )
      .all(rows);
    for (const row of rows) {
      const repaired = {};
      for (const column of ["old_values", "new_values"]) {
        const values = unscrambled(row[column]);
        // Left as it was when it is no garbled value (SQL NULL stays NULL).
        if (values !== undefined) repaired[column] = JSON.stringify(strippedValues(values));
        else repaired[column] = row[column] === "" ? null : row[column];
      }
      app
        .db()
        .newQuery("UPDATE audit_logs SET old_values = {:old}, new_values = {:new} WHERE id = {:id}")
        .bind({ old: repaired.old_values, new: repaired.new_values, id: row.id })
        .execute();
    }
  },
  () => {},
);
