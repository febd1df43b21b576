import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { test, expect } from './fixtures';

const validator = new HtmlValidate({
  extends: ['html-validate:standard'],
  elements: [
    'html5',
    // Astro writes its one-line island style (astro-island { display: contents })
    // just before the first island, inside <body>; every browser applies it.
    { style: { flow: true } },
  ],
});

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test('every built page is valid HTML', async () => {
  const siteDir = process.env.E2E_SITE_DIR;
  expect(siteDir, 'global-setup informa a pasta do site gerado').toBeTruthy();
  const files = await htmlFiles(siteDir!);
  expect(files.length).toBeGreaterThanOrEqual(3);
  const problems: string[] = [];
  for (const file of files) {
    const report = await validator.validateString(await readFile(file, 'utf8'), file);
    for (const result of report.results)
      for (const message of result.messages)
        problems.push(`${path.relative(siteDir!, file)}: ${message.ruleId} ${message.message}`);
  }
  expect(problems).toEqual([]);
});
