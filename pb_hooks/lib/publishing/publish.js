// Publishing (docs/publicacao.md): what the public site shows is rebuilt when it
// changes. These helpers decide whether a change matters and tell the publisher
// (scripts/publish/publisher.mjs), which runs beside PocketBase under `npm start`.

/** The publisher's loopback endpoint and shared secret, or null when none runs. */
function publisher() {
  const url = $os.getenv("PUBLISHER_URL");
  const secret = $os.getenv("PUBLISH_SECRET");
  return url && secret ? { url: url, secret: secret } : null;
}

function isPublicPost(record) {
  if (!record) return false;
  const status = record.get("status");
  return status === "published" || status === "scheduled";
}

/**
 * Whether a change shows on the public site: posts and pages that are (or were)
 * public, the public settings (never the smtp_* secrets), and comments that are (or
 * were) approved: they are part of their article's page.
 */
function affectsSite(collection, before, after) {
  if (collection === "posts") return isPublicPost(before) || isPublicPost(after);
  if (collection === "pages") {
    return (before && before.get("status") === "published") || (after && after.get("status") === "published");
  }
  if (collection === "comments") {
    return (before && before.get("status") === "approved") || (after && after.get("status") === "approved");
  }
  if (collection === "products") {
    return (before && before.get("status") === "published") || (after && after.get("status") === "published");
  }
  // What every page may show (the menus and the pieces the pages share) and the rest of the catalogue.
  if (["menus", "testimonials", "faq_entries", "partners", "product_lines", "datasheets", "software"].indexOf(collection) >= 0) {
    return true;
  }
  if (collection === "public_site_settings") {
    const record = after || before;
    return !String(record.get("key")).startsWith("smtp");
  }
  return false;
}

/**
 * Asks the publisher for a rebuild. Returns the id of the build it joined (null for
 * a build asked for later, at `at`), or false when no publisher is configured or it
 * cannot be reached (the change is saved all the same).
 */
function requestRebuild(reason, immediate, at) {
  const target = publisher();
  if (!target) return false;
  try {
    const response = $http.send({
      url: target.url + "/rebuild",
      method: "POST",
      body: JSON.stringify({ reason: reason, immediate: !!immediate, at: at || "" }),
      headers: { "content-type": "application/json", "x-publish-secret": target.secret },
      timeout: 5,
    });
    if (response.statusCode !== 202) return false;
    return (response.json && response.json.id) || null;
  } catch (err) {
    console.log("[publicação] publicador indisponível: " + err);
    return false;
  }
}

const ACTIONS = { create: "criação", update: "atualização", delete: "exclusão" };

function onContentChange(collection, action, before, after) {
  if (!affectsSite(collection, before, after)) return;
  const record = after || before;
  const label =
    collection === "comments"
      ? `${record.get("name")} em ${record.get("article")}`
      : record.get("title") || record.get("name") || record.get("question") || record.get("key") || record.id;
  const reason = collection + ": " + ACTIONS[action] + " de " + label;
  requestRebuild(reason, false);
  // A scheduled post also needs a build at its time, so it goes live then.
  if (after && collection === "posts" && after.get("status") === "scheduled") {
    const at = after.getDateTime("published_at");
    if (!at.isZero() && at.unix() > new DateTime().unix()) {
      requestRebuild(reason + " (agendado)", false, at.string().replace(" ", "T"));
    }
  }
}

/** Constant-time comparison of the shared secret. */
function validSecret(given) {
  const target = publisher();
  if (!target || !given) return false;
  return $security.equal(String(given), target.secret);
}

/** What the public site shows: a change to these may ask for a rebuild (../../publish.pb.js). */
const COLLECTIONS = [
  "posts",
  "pages",
  "public_site_settings",
  "comments",
  "menus",
  "testimonials",
  "faq_entries",
  "partners",
  "product_lines",
  "products",
  "datasheets",
  "software",
];

/** The records a build left out, as sent by the publisher, kept to known shapes and sizes. */
function leftOutOf(list) {
  const records = [];
  if (!Array.isArray(list)) return records;
  for (const item of list.slice(0, 200)) {
    if (!item || COLLECTIONS.indexOf(item.collection) < 0) continue;
    records.push({
      collection: item.collection,
      id: String(item.id || "").slice(0, 64),
      label: String(item.label || "").slice(0, 200),
      entry: String(item.entry || "").slice(0, 200),
      reason: String(item.reason || "").slice(0, 1000),
    });
  }
  return records;
}

/** Stores a status sent by the publisher (one row per build, updated as it goes). */
function storeStatus(app, status) {
  const collection = app.findCollectionByNameOrId("site_builds");
  let record;
  try {
    record = app.findFirstRecordByData("site_builds", "build_id", String(status.id));
  } catch (_) {
    record = new Record(collection);
    record.set("build_id", String(status.id));
  }
  record.set("state", status.state);
  record.set("mode", status.mode);
  record.set("reasons", status.reasons || []);
  record.set("queued_at", status.queuedAt || "");
  record.set("started_at", status.startedAt || "");
  record.set("finished_at", status.finishedAt || "");
  record.set("duration_ms", Math.max(0, Math.round(status.durationMs || 0)));
  record.set("pages", Math.max(0, Math.round(status.pages || 0)));
  record.set("progress", String(status.progress || "").slice(0, 500));
  record.set("log", String(status.log || "").slice(-200000));
  record.set("left_out", leftOutOf(status.leftOut));
  app.save(record);
}

/** Throws unless the caller is an active admin or editor (who publish and follow the builds). */
function requirePublisherRole(e, message) {
  if (!require(`${__hooks}/lib/auth/staff.js`).isActiveEditor(e.auth)) throw new ForbiddenError(message);
}

/**
 * How the REST list (lib/common/rest.js) may sort and filter site builds. The id is the
 * publisher's build id; sorting by it sorts by creation, as in the data provider.
 */
const BUILDS_SPEC = {
  sortFields: ["id", "created", "updated", "queued_at", "started_at", "finished_at", "state", "mode", "duration_ms", "pages"],
  defaultSort: ["created", "DESC"],
  filters: { id: "list", state: "list", mode: "list" },
};
const BUILD_COLUMNS = { id: "build_id", state: "state", mode: "mode" };

/** A date field as ISO 8601, or "" when empty. */
function isoDate(record, field) {
  const value = record.getDateTime(field);
  return value.isZero() ? "" : value.string().replace(" ", "T");
}

/** A site_builds row as the REST resource shows it. */
function buildItem(record) {
  const { jsonField } = require(`${__hooks}/lib/common/json-values.js`);
  const reasons = jsonField(record, "reasons", []);
  const leftOut = jsonField(record, "left_out", []);
  return {
    id: record.getString("build_id"),
    state: record.getString("state"),
    mode: record.getString("mode"),
    reasons: reasons,
    queued_at: isoDate(record, "queued_at"),
    started_at: isoDate(record, "started_at"),
    finished_at: isoDate(record, "finished_at"),
    duration_ms: record.getInt("duration_ms"),
    pages: record.getInt("pages"),
    progress: record.getString("progress"),
    log: record.getString("log"),
    left_out: leftOut,
    created: isoDate(record, "created"),
    updated: isoDate(record, "updated"),
  };
}

/** One page of site builds for parsed REST params: { items, total }. */
function listBuilds(app, params) {
  const where = [];
  for (const key of Object.keys(params.filter)) {
    where.push($dbx.in(BUILD_COLUMNS[key], ...params.filter[key]));
  }
  const column = params.sort.field === "id" ? "created" : params.sort.field; // a BUILDS_SPEC name: a column
  const direction = params.sort.order === "DESC" ? "DESC" : "ASC";
  const query = app.recordQuery("site_builds");
  if (where.length) query.andWhere($dbx.and(...where));
  const records = arrayOf(new Record());
  query
    .orderBy(`${column} ${direction}`, `id ${direction}`)
    .offset(params.range.start)
    .limit(params.range.end - params.range.start + 1)
    .all(records);
  const items = [];
  for (const record of records) items.push(buildItem(record));
  return { items: items, total: app.countRecords("site_builds", ...where) };
}

/** The build with this publisher id; a 404 when there is none. */
function findBuild(app, id) {
  try {
    return buildItem(app.findFirstRecordByData("site_builds", "build_id", id));
  } catch (_) {
    throw new NotFoundError("Publicação não encontrada.");
  }
}

module.exports = {
  COLLECTIONS,
  affectsSite,
  requestRebuild,
  onContentChange,
  validSecret,
  storeStatus,
  publisher,
  requirePublisherRole,
  BUILDS_SPEC,
  listBuilds,
  findBuild,
};
