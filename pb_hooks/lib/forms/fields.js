// A public form's fields and refusals as the pages the server answers show them
// (lib/forms/drafts.js, lib/forms/form-review.js, lib/messages/contact-notify.js): labels
// and options (shared/contact-form.json), limits, and each refusal's pt-BR message.

const SPEC = require(`${__hooks}/../shared/public-forms.json`);
const RULES = require(`${__hooks}/../shared/content-rules.json`);
const HONEYPOT = "website";

/** The form's text value as the browser sent it (the last one when repeated). */
function sentValue(e, name) {
  return String(e.request.postFormValue(name) || "");
}

/** PocketBase's error as { status, fields: { name: { code, message } }, message }. */
function describeError(err) {
  let value = err && err.value !== undefined ? err.value : err;
  if (!value || typeof value.status !== "number") value = new BadRequestError("", value);
  const fields = {};
  const data = value.data || {};
  for (const name in data) {
    const item = data[name] || {};
    fields[name] = { code: String(item.code || ""), message: String(item.message || "") };
  }
  return { status: value.status, fields: fields, message: String(value.message || "") };
}

function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
}

/** The form's fields as the review page shows them: labels, options and limits. */
function fieldsOf(collection) {
  const spec = SPEC.forms[collection];
  let contact = null;
  if (collection === "contact_messages") {
    contact = require(`${__hooks}/../shared/contact-form.json`);
  }
  const contactKeys = { has_machine: "hasMachine" };
  return spec.fields.map((field) => {
    const copy = Object.assign({}, field);
    if (contact) {
      const key = contactKeys[field.name] || field.name;
      copy.label = contact.labels[key];
      copy.placeholder = field.kind === "select" ? "" : contact.placeholders[key];
      copy.selectPlaceholder = contact.selectPlaceholder;
      copy.options = contact.options[key] || null;
    } else if (collection === "comments" && RULES.comments[field.name]) {
      const limits = RULES.comments[field.name];
      copy.label = field.label || limits.label;
      if (limits.min !== undefined) copy.min = limits.min;
      if (limits.max !== undefined) copy.max = limits.max;
    }
    if (field.name === "consent") copy.label = spec.consentLabel;
    return copy;
  });
}

/**
 * Whether a message is one of our hooks' pt-BR texts: PocketBase's own are English
 * ("Invalid value format."), and every pt-BR text the hooks write has an accent.
 */
function isPortuguese(message) {
  return /[ãáàâéêíóôõúç]/i.test(String(message || ""));
}

/**
 * The pt-BR message for one refused field: our hooks' own text, or PocketBase's code
 * through public-forms.json's table (src/lib/forms/public-forms.ts reads the same table).
 */
function fieldMessage(field, error) {
  if (isPortuguese(error.message)) return error.message;
  const byKind = SPEC.refusals[error.code] || {};
  const key = byKind[field.kind] || byKind["*"];
  return key ? format(SPEC.messages[key], field) : SPEC.messages.invalid;
}

module.exports = { HONEYPOT, sentValue, describeError, fieldsOf, fieldMessage, isPortuguese };
