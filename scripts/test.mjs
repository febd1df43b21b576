// `npm test`: the whole suite in one run. Finds (or installs) a Chromium and the
// PocketBase binary first, then runs the unit and API tests (Vitest) and the
// browser tests (Playwright, against the built site served by PocketBase), and
// ends with one summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { ensureChromium } from './lib/chromium.mjs';
import { fromRoot } from './lib/paths.mjs';
import { resolvePocketBase } from './pocketbase.mjs';

const RESULTS = fromRoot('.cache', 'test-results');
/** @param {string} name */
const bin = (name) => fromRoot('node_modules', '.bin', name);

/**
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} env
 */
function run(label, command, args, env) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: fromRoot(), stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/**
 * @param {string} file
 * @returns {Promise<any>}
 */
async function readJson(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** @type {Record<string, string>} */
let env;
try {
  const [chrome, pocketbase] = await Promise.all([ensureChromium(), resolvePocketBase()]);
  env = { CHROME_PATH: chrome, POCKETBASE_BIN: pocketbase };
  console.log(`Chromium: ${chrome}\nPocketBase: ${pocketbase}`);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

await rm(RESULTS, { recursive: true, force: true });
await mkdir(RESULTS, { recursive: true });

const vitestStatus = run(
  'Testes unitários e de API (Vitest)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${RESULTS}/vitest.json`],
  env,
);
const playwrightStatus = run('Testes de navegador (Playwright)', bin('playwright'), ['test'], env);

const vitest = await readJson(`${RESULTS}/vitest.json`);
const playwright = await readJson(`${RESULTS}/playwright.json`);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);

const ok = vitestStatus === 0 && playwrightStatus === 0 && vitest && playwright && failed === 0 && passed > 0;
console.log(`\nvitest: ${vitestStatus === 0 ? 'ok' : 'FALHOU'} · playwright: ${playwrightStatus === 0 ? 'ok' : 'FALHOU'}`);
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
