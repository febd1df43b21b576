import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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

const VNU_JAR = fileURLToPath(new URL('../../node_modules/vnu-jar/build/dist/vnu.jar', import.meta.url));

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
}

/**
 * Runs the checker over the files and returns its messages (errors only). --stdout
 * keeps the JSON report apart from Java's own output; the report, not the exit
 * code, says what failed.
 */
async function vnu(files: string[]): Promise<VnuMessage[]> {
  const args = ['-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', '--errors-only', '--skip-non-html'];
  try {
    const { stdout } = await promisify(execFile)('java', [...args, ...files], { maxBuffer: 64 * 1024 * 1024 });
    return (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(
        'Java ausente: instale um JRE (no Debian, apt-get install default-jre-headless) para o verificador HTML Nu.',
        { cause: error },
      );
    throw error;
  }
}

/** The Nu HTML Checker (the W3C validator) over every built page. */
test('every built page passes the Nu HTML checker', async () => {
  test.setTimeout(180_000);
  const siteDir = path.resolve(process.env.E2E_SITE_DIR!);
  const files = await htmlFiles(siteDir);
  expect(files.map((file) => path.relative(siteDir, file))).toEqual(
    expect.arrayContaining(['index.html', '404.html', path.join('admin', 'index.html'), path.join('blog', '404', 'index.html')]),
  );
  // A page with a known error goes along, so a checker that reports nothing fails the test.
  const control = path.join(await mkdtemp(path.join(tmpdir(), 'vnu-')), 'controle.html');
  await writeFile(control, '<!doctype html><html lang="pt-BR"><head><title>x</title></head><body><p><li>x</li></body></html>');
  try {
    const messages = await vnu([control, ...files]);
    const fileOf = (message: VnuMessage) =>
      message.url?.startsWith('file:') ? fileURLToPath(message.url) : (message.url ?? '?');
    expect(
      messages.some((message) => fileOf(message) === control),
      'o verificador acusa a página de controle',
    ).toBe(true);
    const problems = messages
      .filter((message) => fileOf(message) !== control)
      .map((message) => `${path.relative(siteDir, fileOf(message))}:${message.lastLine ?? '?'}: ${message.message}`);
    expect(problems).toEqual([]);
  } finally {
    await rm(path.dirname(control), { recursive: true, force: true });
  }
});
