// MIME types of the accepted media extensions (shared/media-types.json; the server also
// sniffs the content).
const TYPES = require(`${__hooks}/../shared/media-types.json`).types;

function mimeOf(filename) {
  const match = /\.([a-z0-9]+)$/i.exec(String(filename || ""));
  return (match && TYPES[match[1].toLowerCase()]) || "application/octet-stream";
}

module.exports = { mimeOf, TYPES };
