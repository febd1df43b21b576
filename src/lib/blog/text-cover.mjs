// The blog's generated cover: the title over the category's colours, 1200×630.
// Shared by scripts/blog-covers.mjs (PNG files for the git articles, committed) and
// the build's /blog/capas/{slug}.svg (CMS posts saved without a cover).

/** Badge colours per category (as src/lib/blog/filter.ts): Técnico grey, Negócios green, Casos de Sucesso purple, Tutoriais amber. */
const COLORS = /** @type {Record<string, [string, string]>} */ ({
  Técnico: ['#334155', '#0f172a'],
  Negócios: ['#166534', '#052e16'],
  'Casos de Sucesso': ['#6b21a8', '#2e1065'],
  Tutoriais: ['#b45309', '#451a03'],
});
const BRAND = /** @type {[string, string]} */ (['#0b3d6e', '#061f3a']);
const MAX_LINES = 4;

/** @param {string} text */
const esc = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Greedy word wrap to `width` characters a line; past `maxLines` the last line ends in '…'.
 * @param {string} text @param {number} width @param {number} maxLines
 */
export function wrapTitle(text, width, maxLines = MAX_LINES) {
  /** @type {string[]} */
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, width - 1).trimEnd()}…`;
  return kept;
}

/**
 * The cover as SVG markup.
 * @param {{ title: string, category: string }} article
 */
export function textCoverSvg({ title, category }) {
  const [from, to] = COLORS[category] ?? BRAND;
  const lines = wrapTitle(title, 26);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<g stroke="#ffffff" stroke-opacity="0.18" stroke-width="3" fill="none"><path d="M860 80 H1100 V260 H980"/><path d="M900 560 V420 H1120"/><path d="M760 600 V500 H820"/><circle cx="980" cy="260" r="10"/><circle cx="1120" cy="420" r="10"/><circle cx="820" cy="500" r="8"/></g>
<rect x="80" y="80" rx="22" width="${category.length * 17 + 48}" height="44" fill="#ffffff" fill-opacity="0.16"/>
<text x="104" y="110" font-family="sans-serif" font-weight="700" font-size="24" fill="#ffffff">${esc(category)}</text>
${lines.map((line, index) => `<text x="80" y="${220 + index * 72}" font-family="sans-serif" font-weight="800" font-size="58" fill="#ffffff">${esc(line)}</text>`).join('')}
<text x="80" y="570" font-family="sans-serif" font-weight="700" font-size="28" fill="#ffffff" fill-opacity="0.85">Blog Operium</text>
</svg>`;
}
