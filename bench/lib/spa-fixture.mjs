// The client-rendered peer of the Lighthouse benchmark (bench/spa): its data is
// generated at bench time from the same content as our site, then Vite builds it.
// In its work folder (<work>):
//   <work>/generated/site-data.json  home data bundled into the app (lines, hero image)
//   <work>/generated/site.css        our built stylesheet, so both render with the same CSS
//   <work>/public/blog/dados/…       the blog's JSON pages, where our site serves them too
//   <work>/public/data/artigos/…     JSON the app fetches per article
//   <work>/public/_astro/…           the same optimized images our build emitted
//   <work>/dist/                     the built app
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fromRoot } from '../../scripts/lib/paths.mjs';
import { articleParts, picturesByAlt, readBuiltPage, stylesheetHrefs } from './built-pages.mjs';

const SPA_SOURCE = fromRoot('bench', 'spa');
const IMAGE_FILE = /\.(avif|webp|png|jpe?g|gif|svg)$/i;
const ROOT_ICONS = ['favicon.svg', 'favicon-32.png', 'apple-touch-icon.png'];

/** @param {string} file */
const readJson = async (file) => JSON.parse(await readFile(file, 'utf8'));
/** @param {string} file @param {unknown} value */
const writeJson = (file, value) => writeFile(file, JSON.stringify(value));

/**
 * Home data: the product lines as our home shows them (order, product count, link,
 * picture markup) and the hero picture.
 * @param {string} siteDir
 */
async function homeData(siteDir) {
  const [catalog, home] = await Promise.all([readJson(fromRoot('shared', 'site-catalog.json')), readBuiltPage(siteDir, '/')]);
  // A fresh install's catalogue (pb_migrations/1795311500_catalog.js seeds it), in the site's names.
  /** @type {{ id: string, name: string, title: string, iconText: string, description: string, imageAlt: string, color: string, featured: boolean, order: number }[]} */
  const lines = catalog.lines.map(
    (/** @type {Record<string, any>} */ { slug, icon_text: iconText, image_alt: imageAlt, ...rest }) => ({
      ...rest,
      id: slug,
      iconText,
      imageAlt,
    }),
  );
  /** @type {{ line: string }[]} */
  const products = catalog.products;
  const pictures = picturesByAlt(home);
  const hero = Object.values(pictures).find((picture) => picture.img.fetchpriority === 'high');
  if (!hero) throw new Error('a página inicial gerada não tem imagem principal (fetchpriority="high")');
  /** @param {{ id: string, imageAlt: string }} line */
  const pictureOf = (line) => {
    const picture = pictures[line.imageAlt];
    if (!picture) throw new Error(`a página inicial gerada não mostra a imagem da linha ${line.id}`);
    return picture;
  };
  return {
    hero,
    lines: [...lines]
      .sort((a, b) => a.order - b.order)
      .map((line) => ({
        ...line,
        picture: pictureOf(line),
        productCount: products.filter((product) => product.line === line.id).length,
        href: `/produtos?category=${encodeURIComponent(line.id)}`,
      })),
  };
}

/**
 * One JSON per article: its summary, reading time, cover, compiled body and the
 * related articles' summaries with their card images.
 * @param {string} siteDir @param {string} outDir
 */
async function writeArticles(siteDir, outDir) {
  /** @type {{ slug: string }[]} */
  const index = await readJson(path.join(siteDir, 'blog', 'dados', 'indice.json'));
  const bySlug = new Map(index.map((summary) => [summary.slug, summary]));
  await mkdir(outDir, { recursive: true });
  for (const summary of index) {
    const parts = articleParts(await readBuiltPage(siteDir, `/blog/${summary.slug}`));
    const related = parts.related.map(({ slug, img }) => ({ ...bySlug.get(slug), img }));
    await writeJson(path.join(outDir, `${summary.slug}.json`), { ...summary, ...parts, related });
  }
  return index.length;
}

/**
 * Generates the SPA's data from our built site and builds it with Vite.
 * @param {{ siteDir: string, workDir: string }} options
 * @returns {Promise<string>} the folder of the built app
 */
export async function buildSpaFixture({ siteDir, workDir }) {
  const generated = path.join(workDir, 'generated');
  const publicDir = path.join(workDir, 'public');
  const outDir = path.join(workDir, 'dist');
  await rm(workDir, { recursive: true, force: true });
  await mkdir(generated, { recursive: true });
  await mkdir(path.join(publicDir, '_astro'), { recursive: true });

  // The same optimized images and icons our build emitted.
  for (const file of await readdir(path.join(siteDir, '_astro'))) {
    if (IMAGE_FILE.test(file)) await cp(path.join(siteDir, '_astro', file), path.join(publicDir, '_astro', file));
  }
  for (const icon of ROOT_ICONS) await cp(path.join(siteDir, icon), path.join(publicDir, icon));

  // The same stylesheet(s) the three shared pages link.
  const hrefs = new Set();
  for (const pathname of ['/', '/blog']) {
    for (const href of stylesheetHrefs(await readBuiltPage(siteDir, pathname))) hrefs.add(href);
  }
  const css = await Promise.all([...hrefs].map((href) => readFile(path.join(siteDir, href), 'utf8')));
  await writeFile(path.join(generated, 'site.css'), css.join('\n'));

  await writeJson(path.join(generated, 'site-data.json'), await homeData(siteDir));
  await cp(path.join(siteDir, 'blog', 'dados'), path.join(publicDir, 'blog', 'dados'), { recursive: true });
  const articles = await writeArticles(siteDir, path.join(publicDir, 'data', 'artigos'));

  // A production build in its own process: NODE_ENV picks the production builds of
  // React and react-router, as a team would ship them.
  const vite = spawnSync(
    process.execPath,
    [fromRoot('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', path.join(SPA_SOURCE, 'vite.config.mjs')],
    { cwd: fromRoot(), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', BENCH_SPA_DIR: workDir } },
  );
  if (vite.status !== 0) throw new Error('o build da SPA com o Vite falhou (veja as mensagens acima)');
  process.stderr.write(`[spa] SPA gerada com ${articles} artigos em ${path.relative(fromRoot(), outDir)}/\n`);
  return outDir;
}
