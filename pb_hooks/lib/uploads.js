// Uploaded files are checked against their own first bytes before PocketBase stores
// them: the extension must be an accepted one and the content must be what the
// extension says. So an HTML page or an SVG (which can carry script) never gets in,
// not even renamed to .png or .txt, and the refusal is a clear pt-BR message.
// PocketBase's file fields check the sniffed type again (their mimeTypes lists).

const { fieldError } = require(`${__hooks}/lib/errors.js`);

/** Extension → MIME type of what the media library and avatars accept. */
const { TYPES } = require(`${__hooks}/lib/mime.js`);

const IMAGES = ["jpg", "jpeg", "png", "gif", "webp"];
const MEDIA = IMAGES.concat(["pdf", "txt", "doc", "docx"]);

// The refusal opens like the spec's wording ('Tipo de arquivo não permitido.'), then
// says why and what to send instead.
const REFUSED = "Tipo de arquivo não permitido.";
const ACCEPTED_TEXT = {
  media: "Envie imagens (JPG, PNG, GIF ou WebP), PDF, TXT, DOC ou DOCX.",
  image: "Envie uma imagem JPG, PNG, GIF ou WebP.",
};

const HEAD_BYTES = 512;

function extensionOf(name) {
  const match = /\.([A-Za-z0-9]+)$/.exec(String(name || ""));
  return match ? match[1].toLowerCase() : "";
}

function startsWith(bytes, signature, offset) {
  const at = offset || 0;
  for (let i = 0; i < signature.length; i++) {
    const expected = typeof signature === "string" ? signature.charCodeAt(i) : signature[i];
    if (bytes[at + i] !== expected) return false;
  }
  return true;
}

/** Text without NUL bytes that does not open with markup (after a BOM and blanks). */
function isPlainText(bytes) {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true; // UTF-16
  if (bytes.indexOf(0) >= 0) return false;
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || (bytes[i] >= 0x09 && bytes[i] <= 0x0d))) i++;
  return bytes[i] !== 0x3c; // "<": HTML, SVG, XML
}

/** The MIME type the first bytes show, among the accepted ones; "" when none fits. */
function sniff(bytes) {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a")) return "image/gif";
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8)) return "image/webp";
  if (startsWith(bytes, "%PDF-")) return "application/pdf";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "application/msword";
  // A ZIP container; PocketBase's own check tells a Word document from other ZIPs.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return TYPES.docx;
  if (isPlainText(bytes)) return "text/plain";
  return "";
}

function headOf(file) {
  const reader = file.reader.open();
  try {
    return toBytes(reader, HEAD_BYTES);
  } finally {
    reader.close();
  }
}

/**
 * Checks the new files of a file field.
 * @param {"media" | "image"} accepted what the field takes
 */
function checkUploads(record, field, accepted) {
  const extensions = accepted === "image" ? IMAGES : MEDIA;
  const maxSize = record.collection().fields.getByName(field).maxSize;
  for (const file of record.getUnsavedFiles(field)) {
    // Too big: the field's own size error says more than anything about its type.
    if (maxSize > 0 && file.size > maxSize) continue;
    const extension = extensionOf(file.originalName);
    if (extensions.indexOf(extension) < 0) {
      const what = extension ? "Arquivos ." + extension : "Arquivos sem extensão";
      throw refusal(field, what + " não são aceitos.", accepted);
    }
    if (sniff(headOf(file)) !== TYPES[extension]) {
      throw refusal(field, "O conteúdo do arquivo não corresponde à extensão ." + extension + ".", accepted);
    }
  }
}

function refusal(field, reason, accepted) {
  return fieldError(field, "validation_invalid_mime_type", REFUSED + " " + reason + " " + ACCEPTED_TEXT[accepted]);
}

/** The original file name as the library shows it: no markup characters, no control characters. */
function displayName(name) {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const text = String(name || "").replace(/[<>\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, "");
  return Array.from(text.trim()).slice(0, 255).join("");
}

module.exports = { checkUploads, displayName, extensionOf, sniff };
