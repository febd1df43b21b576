// The GitHub Actions workflows (.github/workflows/) pass actionlint, built from its Go
// module on first use (scripts/test-tools/actionlint.mjs), and actionlint does report a broken
// workflow, so a pass means something. The deploy workflow installs with npm ci and
// builds with the CMS and the public settings from the repository; its build step's
// command is run in a clean clone by tests/api/deploy-workflow.test.ts.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACTIONLINT, actionlint } from '../test-tools/actionlint.mjs';
import { ensureGoTool } from '../lib/go-tool.mjs';
import { fromRoot } from '../lib/paths.mjs';
import { includes, runChecks } from './report.mjs';
import { jobSteps, stepNamed } from './workflow-steps.mjs';

await ensureGoTool(ACTIONLINT);
const tmp = await mkdtemp(path.join(tmpdir(), 'actionlint-'));

try {
  await runChecks('Workflows do GitHub Actions', [
    [
      'every workflow passes actionlint',
      async () => {
        const dir = fromRoot('.github', 'workflows');
        const files = (await readdir(dir)).filter((name) => /\.ya?ml$/.test(name)).map((name) => path.join(dir, name));
        includes(
          files.map((file) => path.basename(file)),
          'deploy.yml',
        );
        const { ok, output } = await actionlint(files);
        assert.equal(output, '');
        assert.equal(ok, true);
      },
    ],
    [
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
        assert.equal(ok, false);
        assert.match(output, /unknown Webhook event "pushh"/);
        assert.match(output, /nao-existe/);
        assert.match(output, /branchh/);
        assert.match(output, /segredos/);
      },
    ],
    [
      'the deploy workflow installs with npm ci and builds with the CMS and the public settings from the repository',
      async () => {
        const steps = jobSteps(await readFile(fromRoot('.github', 'workflows', 'deploy.yml'), 'utf8'), 'build');
        assert.equal(stepNamed(steps, 'Instalar as dependências').run, 'npm ci --no-audit --no-fund');
        const build = stepNamed(steps, 'Gerar o site');
        assert.equal(build.run, 'npm run build');
        assert.deepEqual(build.env, {
          POCKETBASE_URL: '${{ secrets.POCKETBASE_URL }}',
          PUBLIC_SITE_URL: '${{ vars.PUBLIC_SITE_URL }}',
          PUBLIC_API_URL: '${{ vars.PUBLIC_API_URL }}',
          PUBLIC_ANALYTICS_ID: '${{ vars.PUBLIC_ANALYTICS_ID }}',
        });
        // The upload takes what the build step wrote.
        assert.ok(
          steps.find((step) => step.uses?.startsWith('actions/upload-pages-artifact@')),
          'nenhum passo usa actions/upload-pages-artifact',
        );
      },
    ],
  ]);
} finally {
  await rm(tmp, { recursive: true, force: true });
}
