// actionlint, the linter of GitHub Actions workflows (.github/workflows/), built from
// its Go module by scripts/lib/go-tool.mjs and cached in .cache/tools/.
import { spawnSync } from 'node:child_process';
import { ensureGoTool } from '../lib/go-tool.mjs';
import { fromRoot } from '../lib/paths.mjs';

/** @type {import('../lib/go-tool.mjs').GoTool} */
export const ACTIONLINT = {
  name: 'actionlint',
  module: 'github.com/rhysd/actionlint',
  version: 'v1.7.12',
  pkg: './cmd/actionlint',
};

/**
 * Lints workflow files. shellcheck and pyflakes (which actionlint runs on `run:`
 * scripts when it finds them on PATH) are left out, so a machine that has them and
 * one that has not report the same findings.
 * @param {string[]} files
 * @returns {Promise<{ ok: boolean, output: string }>} `output`: the findings, one per line
 */
export async function actionlint(files) {
  const bin = await ensureGoTool(ACTIONLINT);
  const result = spawnSync(bin, ['-no-color', '-oneline', '-shellcheck=', '-pyflakes=', ...files], {
    cwd: fromRoot(),
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  // Exit status 1: findings; anything else: actionlint itself failed.
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`actionlint falhou (código ${result.status}): ${result.stderr || result.stdout}`);
  }
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}
