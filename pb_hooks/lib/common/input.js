// Plain-text fields and e-mail addresses, as every writable collection stores them:
// trimmed; nothing visible counts as empty (so `required` answers); no control
// characters or bidi overrides (which disguise text, e.g. "fatura\u202Etxt.exe");
// no line breaks in one-line fields; and no markup such as <script> (Markdown post
// bodies are sanitized when rendered), except in free-text fields such as a contact
// message, where code is welcome and shown as text. Refusals are clear 400s in pt-BR.

const { fieldError } = require(`${__hooks}/lib/common/errors.js`);

const MARKUP = /<\s*\/?\s*[a-z!?]/i;
// C0 and C1 controls (tab, LF and CR aside) and the bidi embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;
// Whitespace plus the zero-width and filler characters that show nothing.
const INVISIBLE = /^[\s\u200B-\u200D\u2060\uFEFF\u180E\u115F\u1160\u3164\u2800]*$/;
// The browser's own e-mail rule (ASCII, as <input type="email"> checks it) with a dotted
// domain: in public-forms.json, which the site's forms check before sending.
const EMAIL = new RegExp(require(`${__hooks}/../shared/public-forms.json`).emailPattern);

const MESSAGES = {
  markup: "Este campo não aceita marcação HTML (como <script>).",
  control: "Este campo contém caracteres de controle não permitidos.",
  lineBreak: "Este campo não aceita quebras de linha nem tabulações.",
  email: "Informe um e-mail válido.",
};

/** The text with its ends trimmed, or "" when nothing in it is visible. */
function visibleText(value) {
  const trimmed = String(value).trim();
  return INVISIBLE.test(trimmed) ? "" : trimmed;
}

/** Throws the field's 400 when the text holds control characters (or line breaks, when one-line). */
function assertPlainCharacters(field, text, multiline) {
  if (CONTROL.test(text)) throw fieldError(field, "validation_invalid_format", MESSAGES.control);
  if (!multiline && LINE_BREAKS.test(text)) throw fieldError(field, "validation_invalid_format", MESSAGES.lineBreak);
}

function cleanField(record, field, multiline, allowMarkup) {
  const value = record.get(field);
  if (typeof value !== "string") return;
  const text = visibleText(value);
  assertPlainCharacters(field, text, multiline);
  if (!allowMarkup && MARKUP.test(text)) throw fieldError(field, "validation_markup_not_allowed", MESSAGES.markup);
  record.set(field, text);
}

/**
 * Cleans and checks plain-text fields of a record before it is validated.
 * @param {string[]} oneLine fields such as names and titles
 * @param {string[]} [multiLine] fields that may hold line breaks, such as messages
 */
function cleanPlainText(record, oneLine, multiLine) {
  for (const field of oneLine) cleanField(record, field, false);
  for (const field of multiLine || []) cleanField(record, field, true);
}

/**
 * Like cleanPlainText's multi-line fields, but text that looks like markup is welcome:
 * a visitor's question may hold code (`x < y`, `#include <Wire.h>`). Such a field is
 * stored as text and shown escaped everywhere (the admin renders it as text).
 */
function cleanFreeText(record, fields) {
  for (const field of fields) cleanField(record, field, true, true);
}

function isEmail(value) {
  if (value.length > 254 || !EMAIL.test(value)) return false;
  const local = value.slice(0, value.indexOf("@"));
  return local.length <= 64 && local[0] !== "." && local[local.length - 1] !== "." && local.indexOf("..") < 0;
}

/**
 * Trims an e-mail field (lower-cased when asked) and refuses what a mail server or a
 * reader could be fooled by: non-ASCII or invisible characters, quoted local parts,
 * markup, over-long addresses (RFC 5321: 64 before the @, 254 in all).
 */
function cleanEmail(record, field, lowerCase) {
  let email = visibleText(record.get(field) || "");
  if (lowerCase) email = email.toLowerCase();
  record.set(field, email);
  if (email !== "" && !isEmail(email)) throw fieldError(field, "validation_invalid_email", MESSAGES.email);
}

module.exports = { cleanPlainText, cleanFreeText, cleanEmail, isEmail, visibleText, assertPlainCharacters, MESSAGES };
