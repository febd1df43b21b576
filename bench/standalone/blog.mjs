// Blog scale benchmark: copies the project into a temporary folder, generates N
// extra MDX articles there (never in the repository), builds the site and reports
// the build time per article and what /blog sends up front. A first build optimizes the
// site's images; the two measured builds start with those and nothing else cached.
//   node bench/standalone/blog.mjs [N=1000]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { generateArticles } from '../lib/articles.mjs';
import { astroBuild, clearAstroCaches, copyProject, writeAstroArticles } from '../lib/astro-site.mjs';

const count = Number(process.argv[2] ?? 1000);
const work = mkdtempSync(path.join(tmpdir(), 'bench-blog-'));
const cacheDir = path.join(work, '.cache', 'astro');
/** Seconds of a build of the copy, cold for the content. */
const build = () => {
  clearAstroCaches(work, cacheDir, { keepImages: true });
  return astroBuild(work, { ASTRO_CACHE_DIR: cacheDir }).ms / 1000;
};

/** @param {string} file */
const sizes = (file) => {
  const body = readFileSync(file);
  return { bytes: body.length, gzip: gzipSync(body).length };
};

try {
  copyProject(work);

  process.stderr.write(`[bench] Build sem cache, que otimiza as imagens do site (${work})…\n`);
  const uncached = build();
  process.stderr.write('[bench] Build de referência…\n');
  const baseline = build();

  writeAstroArticles(work, generateArticles(count));
  process.stderr.write(`[bench] Build com ${count} artigos a mais…\n`);
  const loaded = build();

  const dist = path.join(work, 'dist');
  const html = sizes(path.join(dist, 'blog', 'index.html'));
  const firstPage = sizes(path.join(dist, 'blog', 'dados', 'pagina-1.json'));
  const index = sizes(path.join(dist, 'blog', 'dados', 'indice.json'));
  const total = count + 10;
  console.log(`artigos: ${total}`);
  console.log(`build sem cache nenhum: ${uncached.toFixed(1)} s (inclui otimizar as imagens do site)`);
  console.log(`build de referência: ${baseline.toFixed(1)} s; com ${count} artigos a mais: ${loaded.toFixed(1)} s`);
  console.log(`tempo de build por artigo adicional: ${(((loaded - baseline) / count) * 1000).toFixed(1)} ms`);
  console.log(`/blog (HTML): ${html.bytes} bytes (${html.gzip} gzip) — só a primeira página de cards`);
  console.log(`dados carregados de início: nenhum JSON; "Carregar mais" busca ${firstPage.bytes} bytes por página`);
  console.log(`índice de busca (só ao filtrar/buscar): ${index.bytes} bytes (${index.gzip} gzip) para ${total} artigos`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
