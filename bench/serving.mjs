// Serving versus nginx: the same built site served by our PocketBase (server/site:
// precompressed files, the build's headers) and by Debian's nginx with gzip on,
// measured with wrk on loopback, interleaved, median of the rounds.
//
//   node bench/serving.mjs [seconds-per-run=5] [rounds=5]
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite } from '../scripts/publish/fresh-build.mjs';
import { fromRoot } from '../scripts/lib/paths.mjs';
import { freePort, startPocketBase } from '../scripts/lib/pocketbase-process.mjs';
import { resolvePocketBase } from '../scripts/pocketbase.mjs';
import { ensureDebianTool } from '../scripts/test-tools/debian-tool.mjs';
import { ensureModernNode } from './lib/modern-node.mjs';
import { startNginx } from './lib/nginx.mjs';
import { formatNumber, formatRatio, median, writeReport } from './lib/report.mjs';

ensureModernNode();

const SECONDS = Number(process.argv[2] ?? 5);
const ROUNDS = Number(process.argv[3] ?? 5);
const CONNECTIONS = 64;
const WRK = '/usr/bin/wrk';
const SITE = fromRoot('.cache', 'bench', 'serving', 'site');

/**
 * Requests per second of one URL, with the given Accept-Encoding (none when empty).
 * @param {string} url
 * @param {string} acceptEncoding
 */
function wrk(url, acceptEncoding) {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--timeout', '10s'];
  if (acceptEncoding) args.push('-H', `Accept-Encoding: ${acceptEncoding}`);
  const output = execFileSync(WRK, [...args, url], { encoding: 'utf8' });
  const rps = Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  if (!Number.isFinite(rps)) throw new Error(`saída inesperada do wrk:\n${output}`);
  const errors = output.match(/Non-2xx or 3xx responses: \d+|Socket errors: .*/g) ?? [];
  return { rps, errors };
}

/**
 * Bytes on the wire for one response body and its headers.
 * @param {string} url
 * @param {string} acceptEncoding
 */
async function fetchRaw(url, acceptEncoding) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The site's stylesheet: the fingerprinted asset every page loads. */
async function hashedAsset() {
  const home = await readFile(path.join(SITE, 'index.html'), 'utf8');
  const stylesheet = home.match(/href="(\/_astro\/[^"]+\.css)"/)?.[1];
  if (!stylesheet) throw new Error('a página inicial não referencia uma folha de estilos em /_astro/');
  return stylesheet;
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-serving-'));
/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];
try {
  ensureDebianTool(WRK, 'wrk', '[bench]');
  console.log('[serving] gerando o site (só o conteúdo do git)…');
  await buildSite({ outDir: SITE, env: { ...process.env, POCKETBASE_URL: '' } });

  const pocketbase = await startPocketBase({
    bin: await resolvePocketBase(),
    port: await freePort(),
    dataDir: path.join(work, 'pb_data'),
    siteDir: SITE,
  });
  cleanups.push(pocketbase.stop);
  const nginx = await startNginx({
    root: SITE,
    port: await freePort(),
    workDir: path.join(work, 'nginx'),
    workers: 'auto',
    spaFallback: false,
  });
  cleanups.push(nginx.stop);

  const asset = await hashedAsset();
  const targets = [
    { label: 'página inicial', path: '/' },
    { label: `asset com hash (${path.extname(asset)})`, path: asset },
  ];
  const encodings = [
    { label: 'gzip', value: 'gzip' },
    { label: 'sem compressão', value: '' },
  ];

  /** @type {Record<string, { ours: number[], nginx: number[] }>} */
  const samples = {};
  /** @type {string[]} */
  const errors = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of targets) {
      for (const encoding of encodings) {
        const key = `${target.label} · ${encoding.label}`;
        samples[key] ??= { ours: [], nginx: [] };
        // Alternate which server goes first, so neither always runs on a warmer machine.
        /** @type {('nginx' | 'ours')[]} */
        const order = round % 2 ? ['nginx', 'ours'] : ['ours', 'nginx'];
        for (const server of order) {
          const base = server === 'ours' ? pocketbase.url : nginx.url;
          const run = wrk(base + target.path, encoding.value);
          samples[key][server].push(run.rps);
          for (const error of run.errors) errors.push(`${server === 'ours' ? 'nosso' : 'nginx'}, ${key}: ${error}`);
        }
        console.log(
          `[serving] rodada ${round}/${ROUNDS} ${key}: nosso ${formatNumber(samples[key].ours.at(-1) ?? NaN, 0)} req/s, nginx ${formatNumber(samples[key].nginx.at(-1) ?? NaN, 0)} req/s`,
        );
      }
    }
  }

  const rows = Object.entries(samples).map(([key, { ours, nginx: peer }]) => {
    // Each round measures both servers back to back: the median of those paired ratios
    // follows the machine's changing speed better than a ratio of two medians.
    const ratio = median(ours.map((rps, round) => rps / (peer[round] ?? NaN)));
    const failed = errors.some((error) => error.startsWith('nosso') && error.includes(key));
    return {
      measure: `req/s, ${key}`,
      ours: formatNumber(median(ours), 0),
      peer: `nginx ${formatNumber(median(peer), 0)}`,
      ratio: formatRatio(ratio),
      goal: '≥ 0,45×, sem erros',
      ok: ratio >= 0.45 && !failed,
    };
  });

  for (const target of targets) {
    const ours = await fetchRaw(pocketbase.url + target.path, 'gzip');
    const peer = await fetchRaw(nginx.url + target.path, 'gzip');
    const ratio = ours.bytes / peer.bytes;
    rows.push({
      measure: `bytes na rede com gzip, ${target.label}`,
      ours: formatNumber(ours.bytes, 0),
      peer: `nginx ${formatNumber(peer.bytes, 0)}`,
      ratio: formatRatio(ratio),
      goal: '≤ 1,10×',
      ok: ratio <= 1.1 && ours.headers['content-encoding'] === 'gzip',
    });
    const brotli = await fetchRaw(pocketbase.url + target.path, 'br, gzip');
    rows.push({
      measure: `bytes na rede com brotli, ${target.label}`,
      ours: formatNumber(brotli.bytes, 0),
      peer: `nginx (gzip) ${formatNumber(peer.bytes, 0)}`,
      ratio: formatRatio(brotli.bytes / peer.bytes),
      goal: 'informativo',
      ok: brotli.headers['content-encoding'] === 'br',
    });
  }

  const home = await fetchRaw(pocketbase.url + '/', 'gzip');
  const assetResponse = await fetchRaw(pocketbase.url + asset, 'gzip');
  rows.push({
    measure: 'Cache-Control do asset com hash',
    ours: String(assetResponse.headers['cache-control']),
    peer: '—',
    ratio: '—',
    goal: 'public, max-age=31536000, immutable',
    ok: assetResponse.headers['cache-control'] === 'public, max-age=31536000, immutable',
  });
  rows.push({
    measure: 'Cache-Control do HTML',
    ours: `${home.headers['cache-control']} + ETag`,
    peer: '—',
    ratio: '—',
    goal: 'revalidar (no-cache + validador)',
    ok: home.headers['cache-control'] === 'no-cache' && Boolean(home.headers.etag),
  });

  await writeReport('serving', {
    title: 'Servir o site: nosso PocketBase × nginx',
    rows,
    notes: [
      `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s em 127.0.0.1, ${ROUNDS} rodadas intercaladas, medianas; a razão é a mediana das razões de cada rodada (os dois servidores medidos em seguida); nginx worker_processes auto, sendfile, gzip on (nível 6, o usual em produção).`,
      'O nosso servidor envia cópias brotli/gzip geradas no build; o nginx comprime a cada resposta.',
      ...errors.map((error) => `erro registrado pelo wrk: ${error}`),
    ],
  });
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await rm(work, { recursive: true, force: true });
}
