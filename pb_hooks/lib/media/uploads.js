// Uploaded files are checked against their own first bytes before PocketBase stores
// them: the extension must be an accepted one and the content must be what the
// extension says. So an HTML page or an SVG (which can carry script) never gets in,
// not even renamed to .png or .txt, and the refusal is a clear pt-BR message.
// PocketBase's file fields check the sniffed type again (their mimeTypes lists).

const { fieldError } = require(`${__hooks}/lib/common/errors.js`);

/** Extension → MIME type of what the media library and avatars accept. */
const { TYPES } = require(`${__hooks}/lib/media/mime.js`);

const IMAGES = ["jpg", "jpeg", "png", "gif", "webp"];
const MEDIA = IMAGES.concat(["pdf", "txt", "doc", "docx"]);

// The refusal opens with the words the admin shows for a refused type ('Tipo de arquivo não permitido.'), then
// says why and what to send instead.
const REFUSED = "Tipo de arquivo não permitido.";
const ACCEPTED_TEXT = {
  media: "Envie imagens (JPG, PNG, GIF ou WebP), PDF, TXT, DOC ou DOCX.",
  image: "Envie uma imagem JPG, PNG, GIF ou WebP.",
};

const HEAD_BYTES = 512;

// Decompression bombs: a few KB of PNG can declare 10000×10000 pixels, and decoding it
// (for a thumbnail) takes ~480 MB. Images are refused by the size their header
// declares, before anything decodes them.
const MAX_SIDE = 10000;
const MAX_PIXELS = 40 * 1000 * 1000;
const LIMIT_TEXT = "o limite é de 40 megapixels e de 10.000 pixels de largura ou de altura. Reduza a imagem e envie de novo.";
// How far into a JPEG its size (the SOF segment) is looked for, past EXIF and ICC data.
const JPEG_SCAN_BYTES = 1024 * 1024;

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

const u16be = (b, i) => (b[i] << 8) | b[i + 1];
const u16le = (b, i) => b[i] | (b[i + 1] << 8);
const u24le = (b, i) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
const u32be = (b, i) => b[i] * 0x1000000 + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);

/**
 * The width and height an image's header declares, read from its first bytes (PNG
 * IHDR, GIF logical screen, WebP VP8/VP8L/VP8X) or, for JPEG, from its segments up
 * to the SOF marker; null when the header holds none (a broken image).
 */
function dimensions(type, head, file) {
  if (type === "image/png") {
    return startsWith(head, "IHDR", 12) && head.length >= 24 ? { width: u32be(head, 16), height: u32be(head, 20) } : null;
  }
  if (type === "image/gif") return head.length >= 10 ? { width: u16le(head, 6), height: u16le(head, 8) } : null;
  if (type === "image/webp") {
    if (startsWith(head, "VP8X", 12) && head.length >= 30) return { width: u24le(head, 24) + 1, height: u24le(head, 27) + 1 };
    if (startsWith(head, "VP8L", 12) && head.length >= 25) {
      const bits = head[21] | (head[22] << 8) | (head[23] << 16) | (head[24] << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (startsWith(head, "VP8 ", 12) && head.length >= 30)
      return { width: u16le(head, 26) & 0x3fff, height: u16le(head, 28) & 0x3fff };
    return null;
  }
  if (type === "image/jpeg") return jpegDimensions(readHead(file, JPEG_SCAN_BYTES));
  return null;
}

/**
 * The orientation (1-8) an EXIF APP1 segment declares, 1 when it declares none. Cameras
 * store a portrait photo as landscape pixels plus orientation 6 or 8; browsers and
 * PocketBase's thumbnails (imaging.AutoOrientation) turn it upright.
 */
function exifOrientation(b, start, end) {
  if (!startsWith(b, "Exif\0\0", start)) return 1;
  const tiff = start + 6;
  const little = startsWith(b, "II", tiff);
  if (!little && !startsWith(b, "MM", tiff)) return 1;
  const u16 = (i) => (little ? u16le(b, i) : u16be(b, i));
  const u32 = (i) => (little ? (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)) + b[i + 3] * 0x1000000 : u32be(b, i));
  if (tiff + 8 > end) return 1;
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const entries = u16(ifd);
  for (let k = 0; k < entries; k++) {
    const entry = ifd + 2 + 12 * k;
    if (entry + 12 > end) return 1;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/**
 * Walks JPEG segments (marker, length) to the first SOFn, as a decoder does; the size
 * is the upright one (width and height swapped when EXIF turns the image by 90°), as
 * the page shows it.
 */
function jpegDimensions(b) {
  let i = 2; // after SOI
  let orientation = 1;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = u16be(b, i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > b.length) return null;
      const width = u16be(b, i + 7);
      const height = u16be(b, i + 5);
      return orientation >= 5 ? { width: height, height: width } : { width, height };
    }
    if (length < 2) return null;
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(b, i + 4, Math.min(b.length, i + 2 + length));
    i += 2 + length;
  }
  return null;
}

/** The refusal for an image whose declared size is over the limit (or cannot be read). */
function checkDimensions(field, type, head, file) {
  const size = dimensions(type, head, file);
  if (
    size &&
    size.width > 0 &&
    size.height > 0 &&
    size.width <= MAX_SIDE &&
    size.height <= MAX_SIDE &&
    size.width * size.height <= MAX_PIXELS
  ) {
    return;
  }
  if (!size)
    throw fieldError(
      field,
      "validation_invalid_image",
      "Não foi possível ler o tamanho da imagem: o arquivo está corrompido ou incompleto.",
    );
  const declared = size.width + " × " + size.height + " pixels";
  throw fieldError(field, "validation_image_too_large", "A imagem é grande demais (" + declared + "): " + LIMIT_TEXT);
}

function readHead(file, bytes) {
  const reader = file.reader.open();
  try {
    return toBytes(reader, bytes);
  } finally {
    reader.close();
  }
}

function headOf(file) {
  return readHead(file, HEAD_BYTES);
}

/**
 * The upright width and height of an accepted image (a file checkUploads let through, or
 * a stored one read through `{ reader: { open } }`), from its header as checkUploads reads
 * it; null for other files and for a header that declares no size.
 * @param {{ reader: { open: () => any } }} file
 * @param {string} name the file name, whose extension gives the type
 */
function imageSize(file, name) {
  const type = TYPES[extensionOf(name)];
  if (!type || IMAGES.indexOf(extensionOf(name)) < 0) return null;
  const head = headOf(file);
  if (sniff(head) !== type) return null;
  const size = dimensions(type, head, file);
  return size && size.width > 0 && size.height > 0 ? size : null;
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
    const head = headOf(file);
    if (sniff(head) !== TYPES[extension]) {
      throw refusal(field, "O conteúdo do arquivo não corresponde à extensão ." + extension + ".", accepted);
    }
    if (IMAGES.indexOf(extension) >= 0) checkDimensions(field, TYPES[extension], head, file);
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

module.exports = { checkUploads, dimensions, displayName, extensionOf, imageSize, sniff, IMAGES, MAX_PIXELS, MAX_SIDE };
