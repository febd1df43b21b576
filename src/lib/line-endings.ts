/** Line endings as the site stores text (a body pasted or saved on Windows arrives with `\r\n`; pb_hooks/lib/common/line-endings.js does the same on the server). */
export function normalizeLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
