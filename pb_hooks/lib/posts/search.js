// The admin's posts search (src/admin/dataProvider.ts: INDEXED_SEARCH). A records
// list request with `search=<text>` (GET /api/collections/posts/records?search=…)
// lists the posts whose title, excerpt or slug contain the text: what PocketBase's
// `~` filter over those fields finds (a substring, ASCII letters in any case), the
// text taken literally, without reading every post when the text is rare.
//
// The index is an FTS5 trigram table over those fields, holding them with ASCII
// letters lowered (SQLite's lower(), as LIKE compares) and matching case-sensitively.
// It is contentless (the text stays in posts) and keyed by the rowid of a small keys
// table, whose INTEGER PRIMARY KEY survives a VACUUM (posts' implicit rowid may not).
// SQL triggers on posts keep both in step within each write's own transaction,
// whatever makes the write: the API, a hook, a migration or a bulk load straight into
// SQLite. The definition never changes shape, so a database indexed before keeps its
// index as it is.
//
// The answer is PocketBase's own records list, so the list rule, filter, sort, pages,
// totals, expand, fields, rate limits and hooks stay PocketBase's. A JS hook cannot
// reach that handler's SQL, and onRecordsListRequest comes after the query ran, so
// before it runs the search becomes one more clause of the request's `filter`
// (narrowListRequest): the `~` test itself, and, when the index finds at most
// RARE_MATCHES candidates, `id = …` for each, so SQLite reads those rows by key
// instead of testing every post. PocketBase's filter has no IN list and is bounded
// (MAX_FILTER_LENGTH, 200 expressions), hence the small bound. A text of 1 or 2
// characters (no trigram to look up), or a common one, is searched with `~` alone:
// it fills a page after a few rows in the list's own order.

const COLLECTION = "posts";
const FIELDS = ["title", "excerpt", "slug"];
const TABLE = "posts_search";
const KEYS = "posts_search_keys";
const TRIGGERS = ["insert", "update", "delete"].map((action) => `${TABLE}_${action}`);

/** The query parameter that carries the searched text. */
const PARAM = "search";
/** The searched text's bound, in characters. */
const MAX_LENGTH = 200;
const TOO_LONG = "A busca pode ter no máximo 200 caracteres.";
const INVALID_TEXT = "A busca contém caracteres inválidos.";

/** A text with more candidates than this in the index is searched with `~` alone (see above). */
const RARE_MATCHES = 100;
/** PocketBase's bound on a filter's length in bytes (tools/search: MaxFilterLength). */
const MAX_FILTER_LENGTH = 3500;
/** A clause no post matches (ids are never empty). */
const NOTHING = `id = ''`;

// ---------------------------------------------------------------------------
// The index

/** The indexed fields the collection still has, in FIELDS' order. */
function fieldsOf(collection) {
  return FIELDS.filter((field) => collection.fields.getByName(field));
}

/** The keys-table rowid of the post with the given id (an SQL expression). */
function keyOf(id) {
  return `(SELECT rowid FROM ${KEYS} WHERE id = ${id})`;
}

/**
 * Every statement that creates the index over `fields`, in order. It is also the
 * index's version: sqlite_master keeps each statement's text, so an index built
 * from another definition is told apart and rebuilt.
 */
function schema(fields) {
  const columns = fields.join(", ");
  const lowered = (prefix) => fields.map((field) => `lower(${prefix}${field})`).join(", ");
  const insert = `INSERT INTO ${TABLE}(rowid, ${columns}) VALUES (${keyOf("new.id")}, ${lowered("new.")});`;
  const remove = `DELETE FROM ${TABLE} WHERE rowid = ${keyOf("old.id")};`;
  const [onInsert, onUpdate, onDelete] = TRIGGERS;
  return [
    { kind: "table", name: KEYS, sql: `CREATE TABLE ${KEYS} (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE)` },
    {
      kind: "table",
      name: TABLE,
      sql: `CREATE VIRTUAL TABLE ${TABLE} USING fts5(${columns}, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`,
    },
    {
      kind: "trigger",
      name: onInsert,
      sql: `CREATE TRIGGER ${onInsert} AFTER INSERT ON ${COLLECTION} BEGIN INSERT INTO ${KEYS}(id) VALUES (new.id); ${insert} END`,
    },
    {
      kind: "trigger",
      name: onUpdate,
      sql: `CREATE TRIGGER ${onUpdate} AFTER UPDATE OF id, ${columns} ON ${COLLECTION} BEGIN ${remove} UPDATE ${KEYS} SET id = new.id WHERE id = old.id; ${insert} END`,
    },
    {
      kind: "trigger",
      name: onDelete,
      sql: `CREATE TRIGGER ${onDelete} AFTER DELETE ON ${COLLECTION} BEGIN ${remove} DELETE FROM ${KEYS} WHERE id = old.id; END`,
    },
  ];
}

/** The SQL of each of the index's objects that exists, by name. */
function installed(app) {
  const names = [KEYS, TABLE, ...TRIGGERS];
  const rows = arrayOf(new DynamicModel({ name: "", sql: "" }));
  const params = {};
  names.forEach((name, i) => (params[`n${i}`] = name));
  app
    .db()
    .newQuery(
      `SELECT name, COALESCE(sql, '') AS sql FROM sqlite_master WHERE name IN (${names.map((_, i) => `{:n${i}}`).join(", ")})`,
    )
    .bind(params)
    .all(rows);
  const found = {};
  for (const row of rows) found[row.name] = row.sql;
  return found;
}

function execute(app, sql) {
  app.db().newQuery(sql).execute();
}

/**
 * Removes the triggers: SQLite refuses to drop or rename a column a trigger reads,
 * so they go before any change to the collection's fields (see search.pb.js).
 */
function dropTriggers(app) {
  for (const name of TRIGGERS) execute(app, `DROP TRIGGER IF EXISTS ${name}`);
}

/** Removes the whole index. */
function drop(app) {
  dropTriggers(app);
  execute(app, `DROP TABLE IF EXISTS ${TABLE}`);
  execute(app, `DROP TABLE IF EXISTS ${KEYS}`);
}

/**
 * Builds the index when it is missing, incomplete or from another definition, and
 * fills it from the posts; it covers the fields of FIELDS the collection still has
 * (none, or no collection: no index). With `rowsCurrent` (the caller dropped the
 * triggers itself, in the same transaction, so no write went by unindexed), tables
 * that match their definition keep their rows and only the triggers are made again.
 */
function ensure(app, options) {
  const rowsCurrent = Boolean(options && options.rowsCurrent);
  let collection = null;
  try {
    collection = app.findCollectionByNameOrId(COLLECTION);
  } catch (_) {
    // before the migration that creates it, or after its deletion
  }
  const fields = collection && app.hasTable(COLLECTION) ? fieldsOf(collection) : [];
  if (fields.length === 0) {
    drop(app);
    return;
  }
  const wanted = schema(fields);
  const current = installed(app);
  const matches = (object) => current[object.name] === object.sql;
  if (wanted.every(matches) && Object.keys(current).length === wanted.length) return;

  app.runInTransaction((tx) => {
    const tables = wanted.filter((object) => object.kind === "table");
    const triggers = wanted.filter((object) => object.kind === "trigger");
    if (rowsCurrent && tables.every(matches)) {
      dropTriggers(tx);
      for (const object of triggers) execute(tx, object.sql);
      return;
    }
    drop(tx);
    for (const object of wanted) execute(tx, object.sql);
    // In posts' own order, as the triggers would have added them: rows stored together
    // (the same period, similar texts) stay near in the index, which keeps lookups short.
    execute(tx, `INSERT INTO ${KEYS}(id) SELECT id FROM ${COLLECTION} ORDER BY rowid`);
    execute(
      tx,
      `INSERT INTO ${TABLE}(rowid, ${fields.join(", ")}) ` +
        `SELECT k.rowid, ${fields.map((field) => `lower(c.${field})`).join(", ")} ` +
        `FROM ${KEYS} k JOIN ${COLLECTION} c ON c.id = k.id`,
    );
  });
}

/** ensure, with a failure logged instead of thrown: without an index, searches use `~` alone. */
function ensureOrLog(app, options) {
  try {
    ensure(app, options);
  } catch (err) {
    app.logger().error("Search index not built; searches use ~ alone", "collection", COLLECTION, "error", String(err));
  }
}

// ---------------------------------------------------------------------------
// The search

/** Lowers A–Z only, as SQLite's lower() and LIKE do. */
function lowerASCII(text) {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** An FTS5 query for the rows containing text: one string, every character literal. */
function phrase(text) {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * An FTS5 query for the rows holding every trigram of a cover of text (3 or more
 * characters): its consecutive trigrams, the last one overlapping to reach the end.
 * That is every row containing text, and a few others. Fewer terms than the phrase,
 * and no positions to compare, make it several times cheaper when the trigrams are
 * common.
 */
function trigramCover(text) {
  const chars = Array.from(text);
  const parts = [];
  for (let from = 0; from + 3 <= chars.length; from += 3) parts.push(phrase(chars.slice(from, from + 3).join("")));
  if (chars.length % 3 !== 0) parts.push(phrase(chars.slice(-3).join("")));
  return parts.join(" AND ");
}

/** The ids of the posts matching an FTS5 query, at most RARE_MATCHES + 1. */
function lookUp(app, query) {
  const rows = arrayOf(new DynamicModel({ id: "" }));
  app
    .db()
    .newQuery(`SELECT id FROM ${KEYS} WHERE rowid IN (SELECT rowid FROM ${TABLE} WHERE ${TABLE} MATCH {:query} LIMIT {:limit})`)
    .bind({ query: query, limit: RARE_MATCHES + 1 })
    .all(rows);
  return rows.map((row) => row.id);
}

/**
 * The candidates of a text of 3 or more characters, or null when it has more than
 * RARE_MATCHES (or the index cannot be read). First the cheap query, whose
 * candidates the `~` test then sifts; when its trigrams are too common, the exact
 * phrase, which costs more but may still be rare.
 */
function candidates(app, text) {
  const lowered = lowerASCII(text);
  try {
    for (const query of [trigramCover(lowered), phrase(lowered)]) {
      const ids = lookUp(app, query);
      if (ids.length <= RARE_MATCHES) return ids;
    }
  } catch (err) {
    app.logger().error("Search index lookup failed; searching with ~ alone", "collection", COLLECTION, "error", String(err));
  }
  return null;
}

/**
 * A string literal of PocketBase's filter grammar. The request's filter is text (its
 * {:placeholders} exist only in Go), so the value is quoted as the grammar reads it
 * back: a backslash escapes the next character.
 */
function quote(value) {
  return `'${value.replace(/[\\']/g, "\\$&")}'`;
}

/**
 * The `~` operand for a literal substring: a value with a `%` of its own goes to LIKE
 * as it is (with ESCAPE '\'), so the text's own \ % _ are escaped here.
 */
function likePattern(text) {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * The request's filter with the search of `text` added: `~` over the collection's
 * indexed fields, limited to the index's candidates when they are few.
 */
function searchFilter(app, collection, filter, text) {
  const fields = fieldsOf(collection);
  const join = (clause) => (filter ? `(${filter}) && ${clause}` : clause);
  if (fields.length === 0) return join(NOTHING);
  const pattern = quote(likePattern(text));
  const contains = `(${fields.map((field) => `${field} ~ ${pattern}`).join(" || ")})`;
  const ids = Array.from(text).length < 3 ? null : candidates(app, text);
  if (ids === null) return join(contains);
  if (ids.length === 0) return join(NOTHING);
  const narrowed = join(`(${ids.map((id) => `id = ${quote(id)}`).join(" || ")}) && ${contains}`);
  return utf8Length(narrowed) <= MAX_FILTER_LENGTH ? narrowed : join(contains);
}

/** A string's length in UTF-8 bytes, as PocketBase measures a filter. */
function utf8Length(text) {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * Control characters (C0, DEL, C1: FTS5 reads a query only up to a NUL), and U+FFFD,
 * which is what a byte of invalid UTF-8 in the URL becomes on its way into JS.
 */
function isInvalidChar(char) {
  const code = char.codePointAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0xfffd;
}

/**
 * A middleware's part (requests.pb.js), for a records list request: on the posts,
 * refuses a text PocketBase could not search and adds the search to the filter.
 */
function narrowListRequest(e) {
  const query = e.request.url.query();
  const text = query.get(PARAM);
  if (text === "") return;
  let collection;
  try {
    collection = e.app.findCachedCollectionByNameOrId(e.request.pathValue("collection"));
  } catch (_) {
    return; // PocketBase's handler answers the missing collection
  }
  if (collection.name !== COLLECTION) return;
  const chars = Array.from(text);
  if (chars.length > MAX_LENGTH) throw new BadRequestError(TOO_LONG);
  if (chars.some(isInvalidChar)) throw new BadRequestError(INVALID_TEXT);
  // PocketBase's guard against filter enumeration (a random delay after 3 empty
  // filtered answers in 3 s) reads the request info, which is taken once per request:
  // taken here, before the rewrite, it holds the caller's own filter, and a search is
  // paced as that filter is. The list itself reads the rewritten URL.
  e.requestInfo();
  query.set("filter", searchFilter(e.app, collection, query.get("filter"), text));
  e.request.url.rawQuery = query.encode();
}

module.exports = {
  ensure,
  ensureOrLog,
  drop,
  dropTriggers,
  narrowListRequest,
  // for unit tests
  likePattern,
  utf8Length,
  lowerASCII,
  phrase,
  quote,
  trigramCover,
};
