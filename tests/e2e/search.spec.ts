/**
 * The site search on the built site: opened by the header's 'Buscar', Ctrl+K
 * or '/', it finds products by a specification (PT100 → OPX1-001), products and articles by a
 * protocol (RS485), an article without its accents ('calibracao sensor'), and the
 * downloads; results are grouped by type with the words highlighted, reachable by
 * keyboard, and axe finds nothing in the dialog. Before it opens, a page asks for nothing
 * of the search. The not-found page offers it with the words of the address asked for.
 */
import type { Page } from '@playwright/test';
import { allowConsoleErrors, test, expect } from './fixtures';
import { wcagViolations } from './axe';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Buscar no site' });
const field = (page: Page) => dialog(page).getByRole('searchbox');
const group = (page: Page, type: string) => dialog(page).getByRole('region', { name: type });

async function searchFor(page: Page, words: string) {
  await field(page).fill(words);
  await expect(dialog(page).getByRole('status')).toHaveText(new RegExp(`resultados? para “${words}”`), { timeout: 15_000 });
}

test('Ctrl+K opens the search; PT100 finds the OPX1-001 with the word highlighted, and nothing loaded before', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/');
  await page.waitForLoadState('load');
  expect(
    requests.filter((path) => /^\/busca\/|SiteSearch/i.test(path)),
    'pedidos da busca antes de abrir',
  ).toEqual([]);
  await expect(dialog(page)).toBeHidden();

  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible();
  await expect(field(page)).toBeFocused();
  await searchFor(page, 'PT100');
  const product = group(page, 'Produtos').getByRole('link', { name: /Controlador OPX1-001/ });
  await expect(product).toBeVisible();
  await expect(product.locator('mark').first()).toHaveText(/PT100/i);
  expect(requests.some((path) => path.startsWith('/busca/'))).toBe(true);

  // The keyboard: ↓ from the field to the first result, ↑ back; Esc closes.
  await field(page).press('ArrowDown');
  await expect(dialog(page).getByRole('link').first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(field(page)).toBeFocused();
  expect(await wcagViolations(page, 'diálogo de busca')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  await page.getByRole('button', { name: 'Buscar' }).click();
  await searchFor(page, 'PT100');
  await product.click();
  await expect(page).toHaveURL(/\/produtos\/opx1001$/);
});

test("RS485 finds products and articles; 'calibracao sensor' finds the calibration article; '/' opens it too", async ({
  page,
}) => {
  await page.goto('/blog');
  await page.keyboard.press('/');
  await expect(dialog(page)).toBeVisible();
  await searchFor(page, 'RS485');
  await expect(group(page, 'Produtos').getByRole('link').first()).toBeVisible();
  await expect(group(page, 'Artigos').getByRole('link').first()).toBeVisible();
  // The groups come in a fixed order.
  const headings = await dialog(page).getByRole('heading', { level: 3 }).allTextContents();
  expect(headings.slice(0, 2)).toEqual(['Produtos', 'Artigos']);

  await searchFor(page, 'calibracao sensor');
  await expect(group(page, 'Artigos').getByRole('link', { name: /Calibração de sensores analógicos/ })).toBeVisible();

  // A product's name and model weigh more than a mention elsewhere: its own page comes first.
  await searchFor(page, 'OPM001');
  await expect(group(page, 'Produtos').getByRole('link').first()).toHaveAccessibleName(/^Módulo OPM001/);

  // The ten best at first (and a few of each type not among them); 'Mostrar mais
  // resultados' adds the next ones and moves focus to the first new one.
  await searchFor(page, 'controlador');
  const results = dialog(page).locator('a[data-result]');
  const shown = await results.count();
  expect(shown).toBeGreaterThanOrEqual(10);
  const before = await results.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  await dialog(page).getByRole('button', { name: 'Mostrar mais resultados' }).click();
  await expect.poll(() => results.count()).toBeGreaterThan(shown);
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
  await expect.poll(focused, { message: 'o foco vai para o primeiro resultado novo' }).not.toBe('');
  expect(before).not.toContain(await focused());

  // Datasheets and software are found by what they are, linked to their files.
  await searchFor(page, 'Modbus');
  const download = group(page, 'Downloads').getByRole('link').first();
  await expect(download).toHaveAttribute('href', /^https:\/\//);
  await expect(download).toHaveAttribute('target', '_blank');
});

test("when no page has every word, the best pages for the others show under 'Resultados parciais', the missing word struck through", async ({
  page,
}) => {
  await page.goto('/');
  await page.keyboard.press('Control+k');
  const status = dialog(page).getByRole('status');
  await field(page).fill('fonte chaveada 48V');
  await expect(status).toContainText('Nenhuma página tem todas as palavras de “fonte chaveada 48V”:', { timeout: 15_000 });
  await expect(status).toContainText('resultados parciais');
  const partial = dialog(page).getByRole('region', { name: 'Resultados parciais' });
  const product = partial.getByRole('link').first();
  await expect(product).toHaveAccessibleName(/^Fonte OPE-100/);
  await expect(product.locator('s')).toHaveText('48V');
  await expect(product).toContainText('sem a palavra “48V”');
  expect(await wcagViolations(page, 'resultados parciais')).toEqual([]);
  // No group by type: no page has every word.
  await expect(group(page, 'Produtos')).toHaveCount(0);

  // The word left out may be any of them: 'leitura termopar' still finds the article.
  await field(page).fill('leitura 48V termopar');
  await expect(status).toContainText('resultados parciais', { timeout: 15_000 });
  await expect(partial.getByRole('link', { name: /Leitura de termopar com ESP32/ })).toBeVisible();

  // Nothing matches any of the words: no partial results either.
  await field(page).fill('qwfp zxcvb');
  await expect(status).toHaveText('Nenhum resultado para “qwfp zxcvb”.', { timeout: 15_000 });
  await expect(partial).toHaveCount(0);
});

test("the index holds the pages' text, not their interface: no screen-reader notes, carousel status or words run together", async ({
  page,
}) => {
  await page.goto('/produtos');
  await page.keyboard.press('Control+k');
  await searchFor(page, 'OPE-100');
  // The text the index keeps of the product's page, read with the dialog's own Pagefind.
  const text = await page.evaluate(async (reader) => {
    type Result = { data: () => Promise<{ url: string; content: string }> };
    const pagefind = (await import(/* @vite-ignore */ reader)) as { search: (term: string) => Promise<{ results: Result[] }> };
    const found = await pagefind.search('OPE-100');
    const pages = await Promise.all(found.results.map((result) => result.data()));
    return pages.find((item) => item.url === '/produtos/ope100')?.content ?? '';
  }, '/busca/pagefind.js');
  expect(text).toContain('Fonte chaveada');
  expect(text).not.toMatch(/abre em nova aba|Mostrando a imagem|Próxima imagem|Imagem anterior|\d \/ \d\b/);
  expect(text, 'palavras de elementos vizinhos grudadas').not.toMatch(/[a-zà-ú]{3,}[A-ZÀ-Ú][a-zà-ú]{3,}/);
});

test('the not-found page offers the search with the words of the address asked for', async ({ page, consoleErrors }) => {
  const response = await page.goto('/blog/calibracao-sensor');
  expect(response?.status()).toBe(404);
  allowConsoleErrors(consoleErrors, /404/);
  const form = page.getByRole('search');
  await expect(form.getByRole('searchbox', { name: 'Procure no site' })).toHaveValue('calibracao sensor');
  await form.getByRole('button', { name: 'Buscar' }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(field(page)).toHaveValue('calibracao sensor');
  await expect(group(page, 'Artigos').getByRole('link', { name: /Calibração de sensores analógicos/ })).toBeVisible({
    timeout: 15_000,
  });
  allowConsoleErrors(consoleErrors, /404/);
});

test('without JavaScript the not-found page shows no search form, so no words go into an address', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`${baseURL}/blog/calibracao-sensor`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('form[data-search-form]')).toBeHidden();
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await context.close();
});

test('without JavaScript the header offers no search, which would do nothing; with it, "Buscar" is there', async ({
  browser,
  baseURL,
}) => {
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${baseURL}/produtos`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /Fale com um especialista/ })).toBeVisible();
    const search = header.getByRole('button', { name: 'Buscar' });
    if (javaScriptEnabled) await expect(search, 'com JavaScript').toBeVisible();
    else await expect(search, 'sem JavaScript').toBeHidden();
    await context.close();
  }
});

test('a search still answers after a publication replaced the files the loaded index named', async ({ page, consoleErrors }) => {
  // The entry first read is an older one: the index it names was replaced by a publication
  // since (404). The dialog reads the entry again and answers.
  let entries = 0;
  await page.route('**/busca/pagefind-entry.json*', async (route) => {
    if (entries++ > 0) return route.continue();
    const response = await route.fetch();
    const entry = (await response.json()) as { languages: Record<string, { hash: string }> };
    for (const language of Object.values(entry.languages)) language.hash = `${language.hash}antigo`;
    await route.fulfill({ response, json: entry });
  });
  await page.goto('/blog');
  await page.keyboard.press('Control+k');
  await searchFor(page, 'PT100');
  await expect(group(page, 'Produtos').getByRole('link', { name: /Controlador OPX1-001/ })).toBeVisible();
  expect(entries).toBe(2);
  // The old entry's failure, as the browser and Pagefind log it.
  allowConsoleErrors(consoleErrors, /404|Pagefind: WASM Error/);
});
