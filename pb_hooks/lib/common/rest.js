// The admin's REST routes for what is not a PocketBase collection (backups, site
// builds), in the dialect of ra-data-simple-rest (src/admin/restDataProvider.ts):
//
//   GET    /api/admin/rest/{resource}?sort=["field","ASC"]&range=[0,24]&filter={"q":"x"}
//            → 200, JSON array, header Content-Range: {resource} 0-24/{total}
//   GET    /api/admin/rest/{resource}?filter={"id":["a","b"]}   (getMany: no sort, no range)
//   GET    /api/admin/rest/{resource}/{id}     → the item
//   POST   /api/admin/rest/{resource}          → the created item (with its id)
//   PUT    /api/admin/rest/{resource}/{id}     → the updated item
//   DELETE /api/admin/rest/{resource}/{id}     → the deleted item
//
// Malformed sort/range/filter values, unknown sort fields and unknown filters are a
// 400 with a pt-BR message, never a 500. The parsing is pure (unit-tested in Node);
// listParams and sendList are the JSVM side.

/** The most items one list answer holds (and what a list without `range` gets). */
const MAX_RANGE = 1000;

const BAD_SORT = 'O parâmetro sort é inválido: use sort=["campo","ASC"] ou sort=["campo","DESC"].';
const BAD_RANGE = `O parâmetro range é inválido: use range=[início,fim], com no máximo ${MAX_RANGE} itens.`;
const BAD_FILTER = 'O parâmetro filter é inválido: use um objeto JSON, como filter={"q":"texto"}.';

function parseJson(raw) {
  try {
    return { value: JSON.parse(raw) };
  } catch (_) {
    return null;
  }
}

const isScalar = (value) =>
  typeof value === "string" || (typeof value === "number" && isFinite(value)) || typeof value === "boolean";

/**
 * Reads the list query of ra-data-simple-rest.
 * @param {{ sort?: string, range?: string, filter?: string }} raw the query values ("" or undefined when absent)
 * @param {{ sortFields: string[], defaultSort: [string, string], filters: Record<string, "list" | "text"> }} spec
 *   filters: "list" takes a value or an array of values (kept as an array of strings:
 *   any of them matches), "text" one value (a string)
 * @returns {{ error: string } | { sort: { field: string, order: "ASC" | "DESC" }, range: { start: number, end: number }, filter: Record<string, string[] | string> }}
 * @example parseListQuery({ sort: '["size","DESC"]', range: "[0,9]" }, spec) // { sort: { field: "size", order: "DESC" }, range: { start: 0, end: 9 }, filter: {} }
 */
function parseListQuery(raw, spec) {
  let sort = { field: spec.defaultSort[0], order: spec.defaultSort[1] };
  if (raw.sort) {
    const parsed = parseJson(raw.sort);
    const value = parsed && parsed.value;
    if (
      !Array.isArray(value) ||
      value.length !== 2 ||
      typeof value[0] !== "string" ||
      (value[1] !== "ASC" && value[1] !== "DESC")
    ) {
      return { error: BAD_SORT };
    }
    if (spec.sortFields.indexOf(value[0]) === -1) {
      return { error: `Não é possível ordenar por "${value[0].slice(0, 60)}". Campos aceitos: ${spec.sortFields.join(", ")}.` };
    }
    sort = { field: value[0], order: value[1] };
  }

  let range = { start: 0, end: MAX_RANGE - 1 };
  if (raw.range) {
    const parsed = parseJson(raw.range);
    const value = parsed && parsed.value;
    const valid =
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      value[0] >= 0 &&
      value[1] >= value[0] &&
      value[1] - value[0] < MAX_RANGE;
    if (!valid) return { error: BAD_RANGE };
    range = { start: value[0], end: value[1] };
  }

  const filter = {};
  if (raw.filter) {
    const parsed = parseJson(raw.filter);
    if (!parsed) return { error: BAD_FILTER };
    const value = parsed.value === null ? {} : parsed.value;
    if (typeof value !== "object" || Array.isArray(value)) return { error: BAD_FILTER };
    for (const key of Object.keys(value)) {
      const kind = Object.prototype.hasOwnProperty.call(spec.filters, key) ? spec.filters[key] : null;
      if (!kind)
        return { error: `Filtro desconhecido: "${key.slice(0, 60)}". Filtros aceitos: ${Object.keys(spec.filters).join(", ")}.` };
      const given = value[key];
      // react-admin leaves cleared inputs as null or "": no filter.
      if (given === null || given === "") continue;
      const invalid = `Valor inválido para o filtro "${key}".`;
      if (kind === "text") {
        if (!isScalar(given)) return { error: invalid };
        filter[key] = String(given);
      } else {
        const values = Array.isArray(given) ? given : [given];
        if (values.length > MAX_RANGE || !values.every(isScalar)) return { error: invalid };
        filter[key] = values.map(String);
      }
    }
  }
  return { sort: sort, range: range, filter: filter };
}

/**
 * The Content-Range header of a list answer: `{resource} {first}-{last}/{total}`,
 * or `{resource} *\/{total}` when the page is empty.
 * @example contentRange("backups", 0, 25, 312) // "backups 0-24/312"
 */
function contentRange(resource, start, count, total) {
  return count > 0 ? `${resource} ${start}-${start + count - 1}/${total}` : `${resource} */${total}`;
}

/**
 * Sorts and pages items held in memory; ties go by `id` in the same direction.
 * @returns {{ items: object[], total: number }}
 */
function pageInMemory(items, sort, range) {
  const sign = sort.order === "DESC" ? -1 : 1;
  const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = items.slice().sort((a, b) => sign * (compare(a[sort.field], b[sort.field]) || compare(a.id, b.id)));
  return { items: sorted.slice(range.start, range.end + 1), total: sorted.length };
}

/** The list query of the request, or a 400 with the pt-BR reason. */
function listParams(e, spec) {
  const query = e.request.url.query();
  const parsed = parseListQuery({ sort: query.get("sort"), range: query.get("range"), filter: query.get("filter") }, spec);
  if (parsed.error) throw new BadRequestError(parsed.error);
  return parsed;
}

/** Answers a list page with its Content-Range (exposed to cross-origin admins too). */
function sendList(e, resource, start, items, total) {
  const header = e.response.header();
  header.set("Content-Range", contentRange(resource, start, items.length, total));
  header.set("Access-Control-Expose-Headers", "Content-Range");
  return e.json(200, items);
}

/**
 * Answers a list held in memory: the request's list query read by `spec` (a 400 first
 * when it is malformed), the items `matching` gives for its filter, sorted and paged.
 * @param {(filter: Record<string, string[] | string>) => object[]} matching
 */
function sendInMemory(e, resource, spec, matching) {
  const params = listParams(e, spec);
  const page = pageInMemory(matching(params.filter), params.sort, params.range);
  return sendList(e, resource, params.range.start, page.items, page.total);
}

module.exports = { MAX_RANGE, parseListQuery, contentRange, pageInMemory, listParams, sendList, sendInMemory };
