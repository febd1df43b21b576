// The live build the server serves, found as server/main.go finds it: SITE_DIR (under
// npm start a link the publisher swaps to each new build; set by both Docker targets),
// else dist/ beside the hooks folder. Besides the pages, the build writes there the data
// the hooks need from the site (the article index, the newsletter's template, the MDX
// articles in git), so the hooks never read the repository's sources.

const { parseJson } = require(`${__hooks}/lib/common/json-values.js`);

/** The live build's folder. */
function siteDir() {
  return $os.getenv("SITE_DIR") || `${__hooks}/../dist`;
}

/**
 * A JSON file of the live build by its path from the site's root (e.g.
 * "blog/dados/indice.json"); null when it is missing (no build yet) or unreadable.
 */
function siteJson(file) {
  let text;
  try {
    text = toString($os.readFile(`${siteDir()}/${file}`));
  } catch (_) {
    return null;
  }
  return parseJson(text);
}

module.exports = { siteJson };
