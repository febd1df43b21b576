/**
 * The GitHub Actions workflows (.github/workflows/) pass actionlint, built from its Go
 * module on first use (scripts/test-tools/actionlint.mjs); and actionlint does report a
 * broken workflow, so a pass means something.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACTIONLINT, actionlint } from '../../scripts/test-tools/actionlint.mjs';
import { ensureGoTool } from '../../scripts/lib/go-tool.mjs';
import { fromRoot } from '../../scripts/lib/paths.mjs';

/** The first build downloads and compiles the module (seconds to minutes); then it is cached. */
const BUILD_TIMEOUT = 600_000;
const LINT_TIMEOUT = 60_000;

let tmp: string;

beforeAll(async () => {
  await ensureGoTool(ACTIONLINT);
  tmp = await mkdtemp(path.join(tmpdir(), 'actionlint-'));
}, BUILD_TIMEOUT);

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('GitHub Actions workflows', () => {
  test(
    'every workflow passes actionlint',
    async () => {
      const dir = fromRoot('.github', 'workflows');
      const files = (await readdir(dir)).filter((name) => /\.ya?ml$/.test(name)).map((name) => path.join(dir, name));
      expect(files.map((file) => path.basename(file))).toContain('deploy.yml');
      const { ok, output } = await actionlint(files);
      expect(output).toBe('');
      expect(ok).toBe(true);
    },
    LINT_TIMEOUT,
  );

  test(
    'actionlint reports a broken workflow',
    async () => {
      const broken = path.join(tmp, 'broken.yml');
      // An unknown event, a job that needs a job that does not exist, an action input
      // that does not exist and an expression on an undefined context.
      await writeFile(
        broken,
        [
          'on:',
          '  pushh:',
          'jobs:',
          '  build:',
          '    needs: nao-existe',
          '    runs-on: ubuntu-latest',
          '    steps:',
          '      - uses: actions/checkout@v6',
          '        with:',
          '          branchh: main',
          '      - run: echo "${{ segredos.TOKEN }}"',
          '',
        ].join('\n'),
      );
      const { ok, output } = await actionlint([broken]);
      expect(ok).toBe(false);
      expect(output).toMatch(/unknown Webhook event "pushh"/);
      expect(output).toMatch(/nao-existe/);
      expect(output).toMatch(/branchh/);
      expect(output).toMatch(/segredos/);
    },
    LINT_TIMEOUT,
  );
});
