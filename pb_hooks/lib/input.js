// Plain-text fields never carry markup: a tag such as <script> gets a clear 400
// instead of being stored (Markdown post bodies are sanitized when rendered).

const { fieldError } = require(`${__hooks}/lib/errors.js`);

const MARKUP = /<\s*\/?\s*[a-z!?]/i;

function rejectMarkup(record, fields) {
  for (const field of fields) {
    const value = record.get(field);
    if (typeof value === "string" && MARKUP.test(value)) {
      throw fieldError(field, "validation_markup_not_allowed", "Este campo não aceita marcação HTML (como <script>).");
    }
  }
}

module.exports = { rejectMarkup };
