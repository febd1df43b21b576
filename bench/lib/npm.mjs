// npm from bench's own scripts: the bench package's dependencies (bench/lib/install-deps.mjs)
// and the old renderer's pinned packages (bench/lib/old-renderer.mjs) are installed by it.
// Only Node's own modules: it runs before bench's packages are installed.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The version of `name` installed in `projectDir`'s node_modules, or null when it is not there.
 * @param {string} projectDir @param {string} name
 */
export async function installedVersion(projectDir, name) {
  try {
    const manifest = JSON.parse(await readFile(path.join(projectDir, 'node_modules', name, 'package.json'), 'utf8'));
    return String(manifest.version);
  } catch {
    return null;
  }
}

/** npm as the running `npm run` uses it, else the one on PATH. */
export function npmCommand() {
  const cli = process.env.npm_execpath;
  return cli && existsSync(cli) ? { command: process.execPath, args: [cli] } : { command: 'npm', args: [] };
}
