// The preview route's work (pb_hooks/preview.pb.js): the body and the facts of the
// media images it shows go to the Node process's /preview (PREVIEW_URL, the endpoint
// of scripts/publish/publisher.mjs), which answers the HTML.

const UNAVAILABLE =
  "A pré-visualização fica disponível quando o site roda com npm start (o processo de publicação renderiza o texto).";
const MEDIA_ID = /\/api\/files\/media\/([a-z0-9]{15})\//g;
/** Images looked up per preview; a body with more shows the rest without their size. */
const MAX_IMAGES = 200;

function mediaFacts(app, markdown) {
  const ids = {};
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

function preview(e) {
  const markdown = require(`${__hooks}/lib/common/request-body.js`).formValues(e, { markdown: "" }).markdown;
  const url = $os.getenv("PREVIEW_URL");
  const secret = $os.getenv("PUBLISH_SECRET");
  if (!url || !secret) return e.json(503, { message: UNAVAILABLE });
  const target = { url: url, secret: secret };
  let response;
  try {
    response = $http.send({
      url: target.url + "/preview",
      method: "POST",
      body: JSON.stringify({ markdown: markdown, media: mediaFacts(e.app, markdown) }),
      headers: { "content-type": "application/json", "x-publish-secret": target.secret },
      timeout: 20,
    });
  } catch (_) {
    return e.json(503, { message: UNAVAILABLE });
  }
  if (response.statusCode !== 200 || !response.json)
    return e.json(502, { message: "Não foi possível gerar a pré-visualização agora. Tente de novo." });
  return e.json(200, { html: String(response.json.html || "") });
}

module.exports = { preview };
