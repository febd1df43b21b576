// The `fields` query parameter of the records API. PocketBase applies it while
// writing the answer, after the 200 status is sent: a malformed value (an unknown
// modifier, excerpt(0), an unclosed parenthesis) ends in an empty 200 instead of an
// error. This checks it first, with PocketBase's own grammar: comma-separated field
// paths (`*`, `expand.author.name`), each with an optional `:excerpt(max[, ellipsis])`.

const MAX_LENGTH = 4000;
const FIELD_PATH = /^[A-Za-z0-9_.*@-]+$/;
const EXCERPT = /^excerpt\(\s*[1-9][0-9]{0,8}\s*(?:,\s*[A-Za-z0-9]*\s*)?\)$/;

/** The items of a comma-separated list, splitting only outside parentheses; null when unbalanced. */
function splitItems(raw) {
  const items = [];
  let depth = 0;
  let current = "";
  for (const char of raw) {
    if (char === "(") depth++;
    if (char === ")" && --depth < 0) return null;
    if (char === "," && depth === 0) {
      items.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  items.push(current);
  return depth === 0 ? items : null;
}

function validFields(raw) {
  if (raw.length > MAX_LENGTH || /["'`]/.test(raw)) return false;
  const items = splitItems(raw);
  if (!items) return false;
  return items.every((item) => {
    const text = item.trim();
    if (text === "") return true;
    const colon = text.indexOf(":");
    const path = colon < 0 ? text : text.slice(0, colon).trim();
    return FIELD_PATH.test(path) && (colon < 0 || EXCERPT.test(text.slice(colon + 1).trim()));
  });
}

/** Throws a 400 when the request's `fields` parameter is malformed. */
function assertFieldsParam(e) {
  const raw = e.requestInfo().query["fields"];
  if (raw && !validFields(raw)) throw new BadRequestError("O parâmetro fields é inválido.");
}

module.exports = { validFields, assertFieldsParam };
