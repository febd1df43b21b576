/**
 * The site's pages say, on a fresh install, exactly what they said when they were code or
 * git files: each fixture holds each page's text as it was rendered then (see
 * tests/e2e/fixtures/README.md for the commits and how to take them again):
 * - page-text.json: Home, Quem Somos, Projetos Sob Medida, Clientes and Contato, before
 *   they became pages of typed sections;
 * - catalog-text.json: the catalogue's pages, before the catalogue became records.
 * PAGE_TEXT_WRITE=pages or PAGE_TEXT_WRITE=catalog rewrites that fixture from the build
 * under test instead of comparing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { firstDifference, readPageText, type PageText } from './page-text';

const PRODUCTS = ['ops010', 'ops012', 'ops0150', 'ops0154', 'opm001', 'opx1001', 'ope100'];
const FIXTURES = {
  pages: { file: 'page-text.json', paths: ['/', '/quem-somos', '/projetos-sob-medida', '/clientes', '/contato'] },
  catalog: {
    file: 'catalog-text.json',
    paths: [
      '/produtos',
      ...['ops', 'opm', 'opx', 'ope'].map((line) => `/produtos/linha/${line}`),
      ...PRODUCTS.map((product) => `/produtos/${product}`),
      '/catalogo-digital',
      '/referencias/datasheets',
      '/referencias/softwares',
    ],
  },
};
const writing = process.env.PAGE_TEXT_WRITE as keyof typeof FIXTURES | undefined;

for (const [name, { file, paths }] of Object.entries(FIXTURES)) {
  const fixture = new URL(`./fixtures/${file}`, import.meta.url);
  test.describe(`the text of the ${name}`, () => {
    if (writing) {
      if (writing === name) {
        test('writes the fixture from this build', async ({ page }) => {
          test.setTimeout(120_000);
          const texts: Record<string, PageText> = {};
          for (const path of paths) {
            await page.goto(path);
            texts[path] = await readPageText(page);
          }
          writeFileSync(fixture, `${JSON.stringify(texts, null, 2)}\n`);
        });
      }
      return;
    }

    const expected = JSON.parse(readFileSync(fixture, 'utf8')) as Record<string, PageText>;
    for (const path of paths) {
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
}
