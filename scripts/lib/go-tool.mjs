// A command-line tool written in Go (actionlint for the workflow check, SeaweedFS as the
// S3-compatible server of the storage tests), built from its module at a pinned version
// through the Go module proxy and cached in .cache/tools/, like our PocketBase: these
// machines reach the module proxy but no release downloads.
//
// `go install module@version` refuses modules whose go.mod has replace directives
// (SeaweedFS has one), so the module is downloaded and built inside its own directory,
// where it is the main module and its go.mod applies as its authors wrote it.
import { execFileSync } from 'node:child_process';
import { access, constants, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { fromRoot } from './paths.mjs';

/**
 * @typedef {object} GoTool
 * @property {string} name the binary's name, e.g. "actionlint"
 * @property {string} module the Go module, e.g. "github.com/rhysd/actionlint"
 * @property {string} version the module version, e.g. "v1.7.12"
 * @property {string} pkg the main package inside the module, e.g. "./cmd/actionlint"
 */

/**
 * Whether a file exists and may be run (a cached build; also scripts/pocketbase.mjs).
 * @param {string} file
 */
export async function isExecutable(file) {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @param {GoTool} tool */
export function cachedPath(tool) {
  return fromRoot('.cache', 'tools', `${tool.name}-${tool.version}`, tool.name);
}

/**
 * The tool's binary, built on first use (minutes for a large module; then cached).
 * @param {GoTool} tool
 * @param {{ log?: (message: string) => void }} [options]
 * @returns {Promise<string>}
 */
export async function ensureGoTool(tool, { log = (message) => process.stderr.write(`[${tool.name}] ${message}\n`) } = {}) {
  const target = cachedPath(tool);
  if (await isExecutable(target)) return target;

  const env = { ...process.env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local', GOFLAGS: '-mod=readonly' };
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      `O Go (≥ 1.25) é necessário para compilar ${tool.name} ${tool.version} (${tool.module}): instale-o (https://go.dev/dl/).`,
    );
  }
  log(`compilando ${tool.module}@${tool.version} (só na primeira vez; pode levar alguns minutos)…`);
  const started = Date.now();
  const downloaded = JSON.parse(
    execFileSync('go', ['mod', 'download', '-json', `${tool.module}@${tool.version}`], {
      encoding: 'utf8',
      env,
      cwd: fromRoot(),
      maxBuffer: 16 << 20,
    }),
  );
  if (!downloaded.Dir) throw new Error(`go mod download não trouxe ${tool.module}@${tool.version}: ${downloaded.Error ?? ''}`);

  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.tmp-${process.pid}`;
  execFileSync('go', ['build', '-trimpath', '-ldflags', '-s -w', '-o', temporary, tool.pkg], {
    cwd: downloaded.Dir,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Atomic: two test workers building at once each leave a whole binary.
  await rename(temporary, target);
  log(`compilado em ${Math.round((Date.now() - started) / 1000)} s: ${target}`);
  return target;
}
