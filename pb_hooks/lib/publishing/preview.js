// The preview routes' work (pb_hooks/preview.pb.js): a body, a page's sections or a product, and
// the facts of the media images they show go to the Node process's /preview or
// /preview/page or /preview/product (PREVIEW_URL, the endpoint of scripts/publish/publisher.mjs),
// which answers the HTML: the body through the site's Markdown pipeline, the sections and
// the product's page through the site's own components.

const UNAVAILABLE =
  "A pré-visualização fica disponível quando o site roda com npm start (o processo de publicação renderiza o texto).";
const MEDIA_ID = /\/api\/files\/media\/([a-z0-9]{15})\//g;
/** Images looked up per preview; a body with more shows the rest without their size. */
const MAX_IMAGES = 200;

/**
 * The `{ id, file, width, height }` of the media images `markdown` points to, and of the
 * records `moreIds` names (a page's image fields hold a Mídia id alone).
 */
function mediaFacts(app, markdown, moreIds) {
  const ids = {};
  for (const id of moreIds || []) if (Object.keys(ids).length < MAX_IMAGES) ids[id] = true;
  let match;
  MEDIA_ID.lastIndex = 0;
  while ((match = MEDIA_ID.exec(markdown)) && Object.keys(ids).length < MAX_IMAGES) ids[match[1]] = true;
  const facts = [];
  for (const id of Object.keys(ids)) {
    try {
      const record = app.findRecordById("media", id);
      facts.push({ id: id, file: record.getString("file"), width: record.getInt("width"), height: record.getInt("height") });
    } catch (_) {
      // A deleted image: shown without its size, as on the site.
    }
  }
  return facts;
}

/** Sends `payload` to the Node process's `path` and answers its `{ html }` (and `css`), or why there is none. */
function render(e, path, payload) {
  // A page's first preview starts the renderer (Vite compiling the site's components): tens
  // of seconds on a busy machine; the publisher gives up first (RENDER_TIMEOUT_MS in
  // scripts/publish/endpoint.mjs) and this answers the 502 below.
  const url = $os.getenv("PREVIEW_URL");
  const secret = $os.getenv("PUBLISH_SECRET");
  if (!url || !secret) return e.json(503, { message: UNAVAILABLE });
  let response;
  try {
    response = $http.send({
      url: url + path,
      method: "POST",
      body: JSON.stringify(payload),
      headers: { "content-type": "application/json", "x-publish-secret": secret },
      timeout: 60,
    });
  } catch (_) {
    return e.json(503, { message: UNAVAILABLE });
  }
  if (response.statusCode !== 200 || !response.json)
    return e.json(502, { message: "Não foi possível gerar a pré-visualização agora. Tente de novo." });
  const answer = { html: String(response.json.html || "") };
  // A page's preview also carries the styles its components bring themselves.
  if (typeof response.json.css === "string") answer.css = response.json.css;
  return e.json(200, answer);
}

/** A post's or a page's body, for any active staff member. */
function preview(e) {
  const markdown = require(`${__hooks}/lib/common/request-body.js`).formValues(e, { markdown: "" }).markdown;
  return render(e, "/preview", { markdown: markdown, media: mediaFacts(e.app, markdown) });
}

/**
 * A page's sections as the site shows them, for those who may edit pages (admins and
 * editors). Sections the site would not take are refused with their pt-BR problems
 * (shared/page-sections.js), as a save is.
 */
function pagePreview(e) {
  require(`${__hooks}/lib/auth/staff.js`).requireActiveEditor(e.auth);
  const body = require(`${__hooks}/lib/common/request-body.js`).formValues(e, { sections: [], name: "", description: "" });
  // Go's bound values as plain JSON data, as a stored page's content reads.
  const sections = JSON.parse(JSON.stringify(body.sections === null || body.sections === undefined ? [] : body.sections));
  // The save's own verdict (size, sections, images), so a preview never shows what a save refuses.
  const content = JSON.stringify({ sections: sections });
  const problem = require(`${__hooks}/lib/pages/sections.js`).contentProblem(e.app, content);
  const { sectionImages } = require(`${__hooks}/lib/common/shared.js`).sharedModule("page-sections.js");
  if (problem) throw new BadRequestError(problem, { sections: new ValidationError("validation_page_sections", problem) });
  const text = (value, max) => (typeof value === "string" ? value.slice(0, max) : "");
  return render(e, "/preview/page", {
    name: text(body.name, 120),
    description: text(body.description, 320),
    sections: sections,
    media: mediaFacts(
      e.app,
      content,
      sectionImages(sections).map((image) => image.id),
    ),
  });
}

/** A record's slug by id, or "" when there is none (or, for products, none on the site). */
function slugOf(app, collection, id) {
  if (!id) return "";
  try {
    const record = app.findRecordById(collection, String(id));
    if (collection === "products" && record.getString("status") !== "published") return "";
    return record.getString("slug");
  } catch (_) {
    return "";
  }
}

/**
 * A product's page as the site will show it, for those who may edit the catalogue (admins
 * and editors): the values of its form, refused as a save would refuse them
 * (shared/catalog.js), its line, datasheet and related products by slug, and the facts
 * of its Mídia images.
 */
function productPreview(e) {
  require(`${__hooks}/lib/auth/staff.js`).requireActiveEditor(e.auth);
  const { CATALOG } = require(`${__hooks}/lib/common/shared.js`).sharedModule("catalog.js");
  const fields = CATALOG.products.fields;
  const shape = {};
  for (const name of Object.keys(fields)) {
    const kind = fields[name].kind;
    shape[name] = kind === "order" ? 0 : kind === "list" || kind === "images" || kind === "relations" ? [] : "";
  }
  // Go's bound values as plain JSON data, as a stored record's fields read.
  const bound = require(`${__hooks}/lib/common/request-body.js`).formValues(e, shape);
  const values = JSON.parse(JSON.stringify(bound));
  for (const name of Object.keys(fields)) if (values[name] === null) values[name] = shape[name];
  require(`${__hooks}/lib/catalog/catalog.js`).assertShape("products", values);
  const line = slugOf(e.app, "product_lines", values.line);
  if (!line) throw new BadRequestError("Escolha a linha do produto.");
  const related = [];
  for (const id of values.related) {
    const slug = slugOf(e.app, "products", id);
    if (slug) related.push(slug);
  }
  const ids = values.images.map((image) => String((image && image.image) || "")).filter((id) => id !== "");
  return render(e, "/preview/product", {
    product: Object.assign({}, values, {
      line: line,
      datasheet: slugOf(e.app, "datasheets", values.datasheet),
      related: related,
    }),
    media: mediaFacts(e.app, "", ids),
  });
}

/** A file the preview may show (shared/site-assets.js). */
const ASSET_PATH = new RegExp(
  require(`${__hooks}/lib/common/shared.js`).sharedModule("site-assets.js").SITE_ASSET_PATH_PATTERN,
  "i",
);

/** One of the site's own images, from the publisher (scripts/publish/endpoint.mjs `/preview/asset/…`). */
function asset(e) {
  const path = e.request.pathValue("path");
  const url = $os.getenv("PREVIEW_URL");
  const secret = $os.getenv("PUBLISH_SECRET");
  if (!ASSET_PATH.test(path) || !url || !secret) throw new NotFoundError();
  let response;
  try {
    response = $http.send({
      url: `${url}/preview/asset/${path}`,
      method: "GET",
      headers: { "x-publish-secret": secret },
      timeout: 10,
    });
  } catch (_) {
    throw new NotFoundError();
  }
  if (response.statusCode !== 200) throw new NotFoundError();
  const type = (response.headers["Content-Type"] || [])[0] || "application/octet-stream";
  e.response.header().set("X-Content-Type-Options", "nosniff");
  e.response.header().set("Cache-Control", "no-cache");
  return e.blob(200, type, response.body);
}

module.exports = { asset, preview, pagePreview, productPreview };
