// Draws a cover image for every MDX article (src/content/blog/*.mdx) from its
// title and category: src/assets/blog/<slug>.png, 1200×630 (also the share image).
// Run with `node scripts/blog-covers.mjs` after adding an article; outputs are committed.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';

const BLOG = new URL('../src/content/blog/', import.meta.url);
const OUT = new URL('../src/assets/blog/', import.meta.url);

/** Badge colours of the spec: Técnico grey, Negócios green, Casos de Sucesso purple, Tutoriais amber. */
const COLORS = /** @type {Record<string, [string, string]>} */ ({
  Técnico: ['#334155', '#0f172a'],
  Negócios: ['#166534', '#052e16'],
  'Casos de Sucesso': ['#6b21a8', '#2e1065'],
  Tutoriais: ['#b45309', '#451a03'],
});

/** @param {string} text */
const esc = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** Greedy word wrap. @param {string} text @param {number} width characters per line */
function wrap(text, width) {
  /** @type {string[]} */
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}

/** @param {string} source @param {string} key */
const field = (source, key) =>
  source
    .match(new RegExp(`^${key}:\\s*(.+)$`, 'm'))?.[1]
    ?.trim()
    .replace(/^['"]|['"]$/g, '') ?? '';

await mkdir(OUT, { recursive: true });
const files = (await readdir(BLOG)).filter((file) => file.endsWith('.mdx'));
for (const file of files) {
  const source = await readFile(new URL(file, BLOG), 'utf8');
  const slug = field(source, 'slug') || file.replace(/\.mdx$/, '');
  const title = field(source, 'title');
  const category = field(source, 'category');
  const [from, to] = COLORS[category] ?? ['#0b3d6e', '#061f3a'];
  const lines = wrap(title, 26).slice(0, 4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<g stroke="#ffffff" stroke-opacity="0.18" stroke-width="3" fill="none"><path d="M860 80 H1100 V260 H980"/><path d="M900 560 V420 H1120"/><path d="M760 600 V500 H820"/><circle cx="980" cy="260" r="10"/><circle cx="1120" cy="420" r="10"/><circle cx="820" cy="500" r="8"/></g>
<rect x="80" y="80" rx="22" width="${category.length * 17 + 48}" height="44" fill="#ffffff" fill-opacity="0.16"/>
<text x="104" y="110" font-family="sans-serif" font-weight="700" font-size="24" fill="#ffffff">${esc(category)}</text>
${lines.map((line, index) => `<text x="80" y="${220 + index * 72}" font-family="sans-serif" font-weight="800" font-size="58" fill="#ffffff">${esc(line)}</text>`).join('')}
<text x="80" y="570" font-family="sans-serif" font-weight="700" font-size="28" fill="#ffffff" fill-opacity="0.85">Blog Operium</text>
</svg>`;
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9 })
    .toFile(new URL(`${slug}.png`, OUT).pathname);
}
console.log(`${files.length} capas geradas em src/assets/blog/`);
