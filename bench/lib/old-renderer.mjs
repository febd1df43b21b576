// The renderer the site used for CMS bodies before the one Markdown pipeline:
// marked 17 + sanitize-html 2 + the rehype article step, as it was at commit 385b330.
// Its packages are no dependency of the project any more: they are installed at bench
// time, pinned as that commit's lockfile had them, into .cache/bench-old-renderer/, and
// its code is read from git and bundled there (packages left as imports, so they resolve
// from that folder's node_modules). Used by bench/editor.mjs to compare build costs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { fromRoot } from '../../scripts/lib/paths.mjs';

/** The last commit where the old renderer built CMS bodies (its markdown.ts under src/lib, gone since). */
export const OLD_RENDERER_COMMIT = '385b330';
/** Versions from that commit's package-lock.json. */
export const OLD_RENDERER_PACKAGES = {
  marked: '17.0.6',
  'sanitize-html': '2.17.5',
  'rehype-parse': '9.0.1',
  'rehype-stringify': '10.0.1',
  unified: '11.0.5',
  'unist-util-visit': '5.2.0',
};
const SOURCES = ['src/lib/markdown.ts', 'src/lib/markdown-policy.ts', 'src/lib/rehype-article.ts'];
export const OLD_RENDERER_DIR = fromRoot('.cache', 'bench-old-renderer');
const BUNDLE = path.join(OLD_RENDERER_DIR, 'old-renderer.mjs');

/** @param {string} name */
async function installedVersion(name) {
  try {
    const manifest = JSON.parse(await readFile(path.join(OLD_RENDERER_DIR, 'node_modules', name, 'package.json'), 'utf8'));
    return String(manifest.version);
  } catch {
    return null;
  }
}

/** npm as the running `npm run` uses it, else the one on PATH. */
function npmCommand() {
  const cli = process.env.npm_execpath;
  return cli && existsSync(cli) ? { command: process.execPath, args: [cli] } : { command: 'npm', args: [] };
}

/** Installs the pinned packages into the cache folder, unless they are there already. */
async function installPackages() {
  const missing = [];
  for (const [name, version] of Object.entries(OLD_RENDERER_PACKAGES)) {
    if ((await installedVersion(name)) !== version) missing.push(`${name}@${version}`);
  }
  if (!missing.length) return false;
  await mkdir(OLD_RENDERER_DIR, { recursive: true });
  // Its own package.json: npm treats the folder as a project of its own, never the repository.
  await writeFile(
    path.join(OLD_RENDERER_DIR, 'package.json'),
    JSON.stringify({ name: 'bench-old-renderer', private: true, type: 'module' }, null, 2) + '\n',
  );
  const npm = npmCommand();
  const result = spawnSync(
    npm.command,
    [
      ...npm.args,
      'install',
      '--prefix',
      OLD_RENDERER_DIR,
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--save-exact',
      ...missing,
    ],
    { cwd: OLD_RENDERER_DIR, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`npm install do renderizador antigo falhou (${missing.join(', ')})`);
  return true;
}

/** @param {string} file */
function fromGit(file) {
  const result = spawnSync('git', ['show', `${OLD_RENDERER_COMMIT}:${file}`], { cwd: fromRoot(), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git show ${OLD_RENDERER_COMMIT}:${file} falhou: ${result.stderr}`);
  return result.stdout;
}

/**
 * Installs the packages, writes the old sources into the cache folder and bundles them.
 * @returns {Promise<string>} the bundle's path: `import(path)` gives `renderMarkdown(markdown)`
 */
export async function prepareOldRenderer() {
  await installPackages();
  const sourceDir = path.join(OLD_RENDERER_DIR, 'src');
  await mkdir(sourceDir, { recursive: true });
  for (const file of SOURCES) {
    let text = fromGit(file);
    if (file.endsWith('markdown.ts')) {
      // RENDERER_SOURCES was a Vite glob (a digest input of the loaders), not part of rendering.
      const glob = /export const RENDERER_SOURCES: string = Object\.values\([\s\S]*?\)\.join\('\\n'\);/;
      if (!glob.test(text)) throw new Error(`${file} em ${OLD_RENDERER_COMMIT} mudou: ajuste bench/lib/old-renderer.mjs`);
      text = text.replace(glob, "export const RENDERER_SOURCES: string = '';");
    }
    await writeFile(path.join(sourceDir, path.basename(file)), text);
  }
  await build({
    entryPoints: [path.join(sourceDir, 'markdown.ts')],
    outfile: BUNDLE,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node24',
    logLevel: 'error',
  });
  return BUNDLE;
}
