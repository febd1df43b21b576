// MIME types of the accepted media extensions (the server also sniffs the content).
const TYPES = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  txt: "text/plain",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

function mimeOf(filename) {
  const match = /\.([a-z0-9]+)$/i.exec(String(filename || ""));
  return (match && TYPES[match[1].toLowerCase()]) || "application/octet-stream";
}

module.exports = { mimeOf, TYPES };
