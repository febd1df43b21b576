// `npm test`: the whole suite in one run, on a bare machine too. Finds (or installs)
// every tool the suite needs first: a Chromium, its test fonts and Java (Debian's
// packages, installed when running as root), the PocketBase binary and the Go tools of
// the tests (SeaweedFS, actionlint), built from their modules and cached. Then runs the static checks
// (`npm run check`: types, lint, formatting, and scripts/checks/: the workflows through actionlint,
// the Dockerfile, the lockfile), the Go tests of server/ (`go test ./...`),
// the unit and API tests (Vitest) and the browser tests (Playwright, against the built
// site served by PocketBase), and ends with one summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { ensureChromium, ensureTestFonts } from './test-tools/chromium.mjs';
import { ACTIONLINT } from './test-tools/actionlint.mjs';
import { ensureGoTool } from './lib/go-tool.mjs';
import { ensureJava } from './test-tools/java.mjs';
import { SEAWEEDFS } from './test-tools/seaweedfs.mjs';
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

/**
 * `go test ./...` in server/, with its results counted from `go test -json`.
 * @returns {{ status: number, passed: number, failed: number, skipped: number }}
 */
function goTests() {
  console.log('\n=== Testes do servidor (Go) ===');
  const result = spawnSync('go', ['test', '-json', './...'], { cwd: fromRoot('server'), encoding: 'utf8', maxBuffer: 64 << 20 });
  const counts = { status: result.status ?? 1, passed: 0, failed: 0, skipped: 0 };
  for (const line of (result.stdout ?? '').split('\n')) {
    if (!line.startsWith('{')) continue;
    const event = JSON.parse(line);
    // Failures and the per-package lines; not the progress of each passing test.
    if (event.Action === 'output' && !/^(=== (RUN|PAUSE|CONT|NAME)|--- PASS|PASS\n)/.test(event.Output ?? '')) {
      process.stdout.write(event.Output);
    }
    if (!event.Test) continue;
    if (event.Action === 'pass') counts.passed++;
    else if (event.Action === 'fail') counts.failed++;
    else if (event.Action === 'skip') counts.skipped++;
  }
  if (result.stderr) process.stderr.write(result.stderr);
  if (result.error) console.error(`go test: ${result.error.message}`);
  return counts;
}

/** Lines of each failure repeated at the end of the run. */
const FAILURE_LINES = 25;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * `npm run check` (types, lint, formatting, scripts/checks/), counted as one test. Its output (both
 * streams, in order) is kept: its end is repeated with the failures.
 * @returns {{ status: number, passed: number, failed: number, failures: { name: string, message: string }[] }}
 */
function staticChecks() {
  console.log('\n=== Verificações estáticas (npm run check) ===');
  const result = spawnSync('npm run check 2>&1', { cwd: fromRoot(), shell: true, encoding: 'utf8', maxBuffer: 64 << 20 });
  const output = result.stdout ?? '';
  process.stdout.write(output);
  if (result.error) console.error(`npm run check: ${result.error.message}`);
  const status = result.status ?? 1;
  if (status === 0) return { status, passed: 1, failed: 0, failures: [] };
  const tail = output.replace(ANSI, '').trimEnd().split('\n').slice(-FAILURE_LINES).join('\n');
  return { status, passed: 0, failed: 1, failures: [{ name: 'Verificações estáticas (npm run check)', message: tail }] };
}

/**
 * The failed tests of Vitest's JSON report.
 * @param {any} report
 * @returns {{ name: string, message: string }[]}
 */
function vitestFailures(report) {
  return (report?.testResults ?? []).flatMap((/** @type {any} */ file) =>
    (file.assertionResults ?? [])
      .filter((/** @type {any} */ test) => test.status === 'failed')
      .map((/** @type {any} */ test) => ({
        name: `${path.relative(fromRoot(), file.name)} › ${test.fullName}`,
        message: (test.failureMessages ?? []).join('\n').replace(ANSI, ''),
      })),
  );
}

/**
 * The failed (or flaky) tests of Playwright's JSON report, walking its nested suites.
 * @param {any[]} suites
 * @returns {{ name: string, message: string }[]}
 */
function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((/** @type {any} */ spec) =>
      (spec.tests ?? [])
        .filter((/** @type {any} */ test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((/** @type {any} */ test) => ({
          name: `${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]`,
          message: (test.results ?? [])
            .map((/** @type {any} */ result) => result.error?.message ?? '')
            .join('\n')
            .replace(ANSI, ''),
        })),
    ),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

/** @type {Record<string, string>} */
let env;
try {
  const [chrome, pocketbase] = await Promise.all([ensureChromium(), resolvePocketBase()]);
  const java = ensureJava();
  ensureTestFonts();
  // Built before the tests start (minutes on a fresh machine), not by two test files at once.
  const [weed, linter] = [await ensureGoTool(SEAWEEDFS), await ensureGoTool(ACTIONLINT)];
  // The HTML checker runs `java` from the PATH, and this one may come from JAVA_HOME. Last
  // in the PATH: first, /usr/bin would put the system's node ahead of Node 24 from node_modules.
  env = {
    CHROME_PATH: chrome,
    POCKETBASE_BIN: pocketbase,
    PATH: `${process.env.PATH ?? ''}${path.delimiter}${path.dirname(java)}`,
  };
  console.log(`Chromium: ${chrome}\nJava: ${java}\nPocketBase: ${pocketbase}\nSeaweedFS (S3): ${weed}\nactionlint: ${linter}`);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

await rm(RESULTS, { recursive: true, force: true });
await mkdir(RESULTS, { recursive: true });

const check = staticChecks();
const go = goTests();
const vitestStatus = run(
  'Testes unitários e de API (Vitest)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${RESULTS}/vitest.json`],
  env,
);
const playwrightStatus = run('Testes de navegador (Playwright)', bin('playwright'), ['test'], env);

const vitest = await readJson(`${RESULTS}/vitest.json`);
const playwright = await readJson(`${RESULTS}/playwright.json`);
const passed = check.passed + go.passed + (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed =
  check.failed +
  go.failed +
  (vitest?.numFailedTests ?? 0) +
  (playwright?.stats?.unexpected ?? 0) +
  (playwright?.stats?.flaky ?? 0);
const skipped = go.skipped + (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);

const ok =
  check.status === 0 &&
  go.status === 0 &&
  vitestStatus === 0 &&
  playwrightStatus === 0 &&
  vitest &&
  playwright &&
  failed === 0 &&
  passed > 0;
const verdict = (/** @type {number} */ status) => (status === 0 ? 'ok' : 'FALHOU');
console.log(
  `\ncheck: ${verdict(check.status)} · go: ${verdict(go.status)} · vitest: ${verdict(vitestStatus)} · playwright: ${verdict(playwrightStatus)}`,
);
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
// Repeated last, where a CI log's tail shows them: which tests failed, and how.
for (const failure of [...check.failures, ...vitestFailures(vitest), ...playwrightFailures(playwright?.suites ?? [])]) {
  console.log(`\nFALHOU: ${failure.name}\n${failure.message.split('\n').slice(0, FAILURE_LINES).join('\n')}`);
}
process.exit(ok ? 0 : 1);
