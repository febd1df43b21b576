/**
 * Line endings as the site stores the texts staff write: "\n". Browsers send textareas
 * with "\r\n" and a body saved on Windows arrives so; a history comparing "\r\n" with
 * "\n" showed every blank line twice.
 * @param {string} text
 * @returns {string}
 */
export function normalizeLineEndings(text) {
  return text.indexOf('\r') < 0 ? text : text.replace(/\r\n?/g, '\n');
}
