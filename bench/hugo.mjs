// Build speed against Hugo: the same generated Markdown articles go to our Astro site
// (a temporary copy of the project) and to a minimal Hugo site with the same blog
// (bench/hugo-site/: home, /blog paginated by 9, one page per article). Every build
// starts from a fresh output folder. Astro's first build has no cache at all; the next
// ones clear the content layer (and the Vite and compression caches) but keep the
// optimized images, which are the site's own and the same in every build, as the
// publisher keeps them. Rounds interleave Hugo with Astro at concurrency 1 and at the
// cores; the medians give the milliseconds per HTML page of each.
//   node bench/hugo.mjs [articles=1000] [rounds=2]
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fromRoot } from '../scripts/lib/paths.mjs';
import { articleFile, generateArticles } from './lib/articles.mjs';
import { astroBuild, astroPhaseMs, clearAstroCaches, copyProject, writeAstroArticles } from './lib/astro-site.mjs';
import { childCpuMs } from './lib/child-cpu.mjs';
import { ensureDebianTool } from '../scripts/test-tools/debian-tool.mjs';
import { formatNumber, formatRatio, median, writeReport } from './lib/report.mjs';

const COUNT = Number(process.argv[2] ?? 1000);
const ROUNDS = Math.max(2, Number(process.argv[3] ?? 2));
const HUGO = '/usr/bin/hugo';
const CORES = availableParallelism();

/** @param {string} message */
const progress = (message) => process.stderr.write(`[bench:hugo] ${message}\n`);

/**
 * HTML pages under dir, leaving out redirect stubs (Hugo writes /blog/pagina/1/ as one).
 * @param {string} dir
 */
function htmlPages(dir) {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  const pages = files.filter((file) => !/http-equiv="?refresh/i.test(readFileSync(path.join(dir, file), 'utf8')));
  return { count: pages.length, files: pages };
}

/**
 * Average size in kB of the generated articles' pages.
 * @param {string} dir
 * @param {string[]} files
 */
function articlePageKb(dir, files) {
  const articles = files.filter((file) => /bench-artigo-\d+[\\/]index\.html$/.test(file));
  const bytes = articles.reduce((sum, file) => sum + readFileSync(path.join(dir, file)).length, 0);
  return bytes / Math.max(1, articles.length) / 1024;
}

/**
 * Writes the Hugo site with the articles into dir.
 * @param {string} dir
 * @param {import('./lib/articles.mjs').BenchArticle[]} articles
 */
function writeHugoSite(dir, articles) {
  cpSync(fromRoot('bench', 'hugo-site'), dir, { recursive: true });
  const blog = path.join(dir, 'content', 'blog');
  mkdirSync(blog, { recursive: true });
  writeFileSync(path.join(blog, '_index.md'), '---\ntitle: Blog\n---\n');
  for (const article of articles) writeFileSync(path.join(blog, `${article.slug}.md`), articleFile(article));
}

/**
 * renderMs and imagesMs: Astro's page rendering and image phases (NaN for Hugo).
 * @typedef {{ ms: number, cpuMs: number, pages: number, kb: number, renderMs: number, imagesMs: number }} BuildRun
 */

/**
 * Runs a build, then reads and removes its output.
 * @param {string} out the build's output folder
 * @param {() => string} build returns the build's log
 * @returns {BuildRun}
 */
function measure(out, build) {
  rmSync(out, { recursive: true, force: true });
  const cpuBefore = childCpuMs();
  const started = performance.now();
  const log = build();
  const ms = performance.now() - started;
  const cpuMs = childCpuMs() - cpuBefore;
  const { count, files } = htmlPages(out);
  const run = {
    ms,
    cpuMs,
    pages: count,
    kb: articlePageKb(out, files),
    renderMs: astroPhaseMs(log, 'generating static routes'),
    imagesMs: astroPhaseMs(log, 'generating optimized images'),
  };
  rmSync(out, { recursive: true, force: true });
  return run;
}

/**
 * One full Hugo build into a fresh folder.
 * @param {string} site
 * @param {string} out
 * @returns {BuildRun}
 */
function hugoBuild(site, out) {
  return measure(out, () =>
    execFileSync(HUGO, ['--source', site, '--destination', out, '--ignoreCache', '--quiet'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
}

/**
 * One full Astro build of the copy into a fresh folder.
 * @param {string} site the copy
 * @param {number} concurrency
 * @param {{ keepImages: boolean }} options keepImages: clear the caches but the optimized images (and Vite's dependencies)
 * @returns {BuildRun}
 */
function astroRun(site, concurrency, { keepImages }) {
  const cache = path.join(site, '.cache', 'astro');
  clearAstroCaches(site, cache, { keepImages });
  const out = path.join(site, '.cache', 'bench-out');
  return measure(out, () => astroBuild(site, { ASTRO_OUT_DIR: out, ASTRO_CACHE_DIR: cache }, { concurrency }).log);
}

/** @param {BuildRun[]} runs */
const summary = (runs) => ({
  ms: median(runs.map((run) => run.ms)),
  cpuMs: median(runs.map((run) => run.cpuMs)),
  renderMs: median(runs.map((run) => run.renderMs)),
  imagesMs: median(runs.map((run) => run.imagesMs)),
  pages: /** @type {BuildRun} */ (runs[0]).pages,
  kb: /** @type {BuildRun} */ (runs[0]).kb,
});
/** @param {{ ms: number, pages: number }} run */
const perPage = (run) => run.ms / run.pages;
/** @param {number} ms */
const msText = (ms) => `${formatNumber(ms, 2)} ms`;

ensureDebianTool(HUGO, 'hugo', '[bench]');
const work = mkdtempSync(path.join(tmpdir(), 'bench-hugo-'));
const cleanUp = () => rmSync(work, { recursive: true, force: true });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

try {
  const articles = generateArticles(COUNT);
  const astroSite = path.join(work, 'astro');
  const hugoSite = path.join(work, 'hugo');
  progress(`gerando ${COUNT} artigos em ${work}…`);
  mkdirSync(astroSite);
  copyProject(astroSite);
  writeAstroArticles(astroSite, articles);
  writeHugoSite(hugoSite, articles);
  const hugoVersion = execFileSync(HUGO, ['version'], { encoding: 'utf8' }).trim().split(' ')[1] ?? '';

  /** @type {{ hugo: BuildRun[], astro1: BuildRun[], astroCores: BuildRun[] }} */
  const runs = { hugo: [], astro1: [], astroCores: [] };
  /** @param {string} label @param {BuildRun} run */
  const done = (label, run) =>
    progress(
      `  ${label}: ${formatNumber(run.ms / 1000, 2)} s (CPU ${formatNumber(run.cpuMs / 1000)} s), ${run.pages} páginas` +
        (Number.isNaN(run.renderMs) ? '' : `; renderização ${formatNumber(run.renderMs / 1000)} s`),
    );
  progress('Astro sem nenhum cache (também otimiza as imagens do site)…');
  const coldest = astroRun(astroSite, CORES, { keepImages: false });
  done(`Astro sem cache, concorrência ${CORES}`, coldest);
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate which concurrency goes first, so neither always meets the same load.
    const order = round % 2 ? [1, CORES] : [CORES, 1];
    progress(`rodada ${round}/${ROUNDS}…`);
    const hugoRun = hugoBuild(hugoSite, path.join(work, 'hugo-out'));
    runs.hugo.push(hugoRun);
    done('Hugo', hugoRun);
    for (const concurrency of order) {
      const run = astroRun(astroSite, concurrency, { keepImages: true });
      (concurrency === 1 ? runs.astro1 : runs.astroCores).push(run);
      done(`Astro a frio, concorrência ${concurrency}`, run);
    }
  }

  const hugo = summary(runs.hugo);
  const astro1 = summary(runs.astro1);
  const astroCores = summary(runs.astroCores);
  /** @param {string} measure @param {{ ms: number, pages: number }} ours */
  const perPageRow = (measure, ours) => ({
    measure,
    ours: msText(perPage(ours)),
    peer: msText(perPage(hugo)),
    ratio: formatRatio(perPage(ours) / perPage(hugo)),
    goal: 'informativo',
    ok: true,
  });
  /** @param {number} ms */
  const seconds = (ms) => `${formatNumber(ms / 1000)} s`;
  /**
   * The cores against 1 for one figure: medians and ranges, and a difference claimed only
   * with 3 rounds or more where every run of one beats every run of the other (this
   * machine's load moves single runs by tens of percent).
   * @param {(run: BuildRun) => number} value
   */
  const compare = (value) => {
    const cores = runs.astroCores.map(value);
    const one = runs.astro1.map(value);
    /** @param {number[]} list */
    const range = (list) => `${seconds(Math.min(...list))}–${seconds(Math.max(...list))}`;
    const figures = `${seconds(median(cores))} contra ${seconds(median(one))}; rodadas: ${range(cores)} contra ${range(one)}`;
    const ratio = median(one) / median(cores);
    if (ROUNDS >= 3 && Math.max(...cores) < Math.min(...one)) return `${formatRatio(ratio)} mais rápido (${figures})`;
    if (ROUNDS >= 3 && Math.min(...cores) > Math.max(...one)) return `${formatRatio(1 / ratio)} mais lento (${figures})`;
    return `sem diferença separável do ruído (${figures})`;
  };
  const rest = coldest.ms - coldest.renderMs - coldest.imagesMs;
  await writeReport('hugo', {
    title: `Velocidade de build: Astro × Hugo ${hugoVersion} (${COUNT} artigos Markdown iguais)`,
    rows: [
      perPageRow('Build a frio, ms por página (Astro com concorrência 1)', astro1),
      perPageRow(`Build a frio, ms por página (Astro com concorrência ${CORES})`, astroCores),
      perPageRow(`Build sem nenhum cache, nem das imagens, ms por página (Astro: 1 execução)`, coldest),
      {
        measure: `CPU por página, build a frio (Astro com concorrência ${CORES})`,
        ours: msText(astroCores.cpuMs / astroCores.pages),
        peer: msText(hugo.cpuMs / hugo.pages),
        ratio: formatRatio(astroCores.cpuMs / astroCores.pages / (hugo.cpuMs / hugo.pages)),
        goal: 'informativo',
        ok: true,
      },
      {
        measure: `Renderização das páginas no Astro (fase "generating static routes"): concorrência ${CORES} × 1`,
        ours: seconds(astroCores.renderMs),
        peer: seconds(astro1.renderMs),
        ratio: formatRatio(astroCores.renderMs / astro1.renderMs),
        goal: 'informativo',
        ok: true,
      },
      {
        measure: 'Build a frio completo (mediana)',
        ours: `${seconds(astroCores.ms)}, ${astroCores.pages} páginas`,
        peer: `${formatNumber(hugo.ms / 1000, 2)} s, ${hugo.pages} páginas`,
        ratio: formatRatio(astroCores.ms / hugo.ms),
        goal: 'informativo',
        ok: true,
      },
    ],
    notes: [
      `Mediana de ${ROUNDS} rodadas intercaladas; cada build parte de uma pasta de saída vazia. "A frio": sem o cache do content layer do Astro (nem os do Vite e da compressão), mas com as imagens do site já otimizadas e as dependências pré-empacotadas pelo Vite, que não dependem dos artigos (o publicador também mantém o cache de imagens); o primeiro build do Astro, sem nenhum cache, aparece à parte. Tempo de relógio numa máquina de ${CORES} núcleos compartilhada com outros processos; a linha de CPU (usuário + sistema do build) sofre menos com essa carga.`,
      `build.concurrency = ${CORES} (os núcleos) contra 1 — renderização das páginas: ${compare((run) => run.renderMs)}; build inteiro, relógio: ${compare((run) => run.ms)}; CPU: ${compare((run) => run.cpuMs)}. O Astro renderiza as páginas "em paralelo" no mesmo processo Node, numa só thread: só sobrepõe esperas de E/S, e o segundo núcleo não renderiza páginas.`,
      `Onde vai o build do Astro sem nenhum cache (${seconds(coldest.ms)}): otimizar as imagens do site ${seconds(coldest.imagesMs)}, renderizar as ${coldest.pages} páginas ${seconds(coldest.renderMs)}, o resto (sincronizar o conteúdo, empacotar no Vite os ${COUNT + 10} artigos MDX, compressão brotli/gzip, sitemap) ${seconds(rest)}.`,
      `Astro: o site inteiro (${astroCores.pages} páginas HTML: home, produtos, blog com os 10 artigos reais + ${COUNT} gerados, /blog/pagina/N), mais o JSON do blog, RSS, sitemap e as imagens otimizadas (os artigos gerados usam todos a mesma capa). Hugo: home, /blog paginado de 9 em 9 e uma página por artigo (${hugo.pages} páginas), RSS e sitemap, sem imagens; usa todos os núcleos por padrão.`,
      `Página de artigo gerada: ${formatNumber(astroCores.kb)} kB no Astro, ${formatNumber(hugo.kb)} kB no Hugo (cabeçalho, rodapé, JSON-LD, código com realce de sintaxe, artigos relacionados).`,
    ],
  });
} finally {
  cleanUp();
}
