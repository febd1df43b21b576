/**
 * The site's pages say, on a fresh install, exactly what they said when they were code:
 * tests/e2e/fixtures/page-text.json holds each page's text as the code pages rendered it
 * (see tests/e2e/fixtures/README.md for the commit and how to take it again).
 * PAGE_TEXT_WRITE=1 rewrites the fixture from the build under test instead of comparing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { firstDifference, readPageText, type PageText } from './page-text';

const FIXTURE = new URL('./fixtures/page-text.json', import.meta.url);
const PATHS = ['/', '/quem-somos', '/projetos-sob-medida', '/clientes', '/contato'];
const writing = process.env.PAGE_TEXT_WRITE === '1';

test.describe('the pages’ text', () => {
  if (writing) {
    test('writes the fixture from this build', async ({ page }) => {
      const texts: Record<string, PageText> = {};
      for (const path of PATHS) {
        await page.goto(path);
        texts[path] = await readPageText(page);
      }
      writeFileSync(FIXTURE, `${JSON.stringify(texts, null, 2)}\n`);
    });
    return;
  }

  const expected = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, PageText>;
  for (const path of PATHS) {
    test(`${path} shows the same title, description, text, image texts and anchors`, async ({ page }) => {
      await page.goto(path);
      const actual = await readPageText(page);
      const want = expected[path]!;
      expect.soft(actual.title, `${path}: título`).toBe(want.title);
      expect.soft(actual.description, `${path}: descrição`).toBe(want.description);
      expect.soft(actual.main, `${path}: texto do <main>, ${firstDifference(want.main, actual.main)}`).toBe(want.main);
      expect.soft(actual.imageAlts, `${path}: textos alternativos das imagens`).toEqual(want.imageAlts);
      expect.soft(actual.ids, `${path}: âncoras`).toEqual(want.ids);
    });
  }
});
