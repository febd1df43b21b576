// Draws a cover image for every MDX article (src/content/blog/*.mdx) from its
// title and category: src/assets/blog/<slug>.png, 1200×630 (also the share image).
// Run with `node scripts/blog-covers.mjs` after adding an article; outputs are committed.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { textCoverSvg } from '../src/lib/blog/text-cover.mjs';

const BLOG = new URL('../src/content/blog/', import.meta.url);
const OUT = new URL('../src/assets/blog/', import.meta.url);

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
  const svg = textCoverSvg({ title, category });
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9 })
    .toFile(new URL(`${slug}.png`, OUT).pathname);
}
console.log(`${files.length} capas geradas em src/assets/blog/`);
