// `npm run check:install` (and the first step of .ci/run): a fresh `npm ci` of this
// package.json and package-lock.json, in a temporary folder, with install scripts the
// `allowScripts` field of package.json does not name refused (--strict-allow-scripts:
// npm 11 fails where npm 12, which blocks them by default, would skip them in silence).
// It passes when the install ends with no unreviewed script and the allowed scripts did
// their work: the `node` package put Node 24 in node_modules/.bin, which every npm
// script of the README runs on, and esbuild put its native binary in place.
// Only Node's own modules: it runs before this project's dependencies are installed.
import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const dir = await mkdtemp(path.join(tmpdir(), 'instalacao-'));

/** What the allowed scripts should have left in the install: the missing part of it. */
async function scriptsNotDone() {
  const missing = [];
  const node = spawnSync(path.join(dir, 'node_modules', '.bin', 'node'), ['--version'], { encoding: 'utf8' });
  const major = /^v(\d+)\./.exec(node.stdout ?? '')?.[1];
  const wanted = /\d+/.exec(manifest.engines.node)?.[0];
  if (major !== wanted) {
    const got = node.stdout?.trim() || node.stderr?.trim() || node.error?.message;
    missing.push(`node_modules/.bin/node deveria ser o Node ${wanted} (engines), e é: ${got}`);
  }
  // esbuild's postinstall swaps its JavaScript launcher for the platform's native binary.
  const esbuild = await open(path.join(dir, 'node_modules', 'esbuild', 'bin', 'esbuild'));
  const { buffer } = await esbuild.read(Buffer.alloc(2), 0, 2, 0);
  await esbuild.close();
  if (buffer.toString() === '#!')
    missing.push('o script de instalação do esbuild não rodou: bin/esbuild ainda é o lançador em JavaScript');
  return missing;
}

/** @type {string[]} */
const problems = [];
try {
  for (const file of ['package.json', 'package-lock.json']) await copyFile(path.join(root, file), path.join(dir, file));
  const started = Date.now();
  // The npm cache serves what it holds; only what it lacks comes from the registry.
  const install = spawnSync('npm', ['ci', '--strict-allow-scripts', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const output = `${install.stdout ?? ''}${install.stderr ?? ''}`;
  console.log(`npm ci (scripts não revisados recusados): ${Math.round((Date.now() - started) / 1000)} s`);
  // npm 11's notice for scripts allowScripts does not name ("not yet covered by allowScripts").
  const notice = output.split('\n').filter((line) => /install-scripts|allowScripts/.test(line));
  if (notice.length) problems.push(`scripts de instalação fora do allowScripts do package.json:\n${notice.join('\n')}`);
  if (install.status === 0) problems.push(...(await scriptsNotDone()));
  else problems.push(`npm ci falhou (código ${install.status}):\n${output.trim().split('\n').slice(-20).join('\n')}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}

if (problems.length) {
  console.error(
    `\n${problems.join('\n\n')}\n\nRevise os scripts e declare-os com \`npm approve-scripts <pacote>\` ou \`npm deny-scripts <pacote>\`.`,
  );
  process.exit(1);
}
console.log('instalação do zero: ok (só scripts revisados rodaram; Node e esbuild no lugar)');
