import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/** Text only React's own builds carry (its error-page links and element tag). */
const REACT_RUNTIME = /react\.dev\/errors|react\.transitional\.element/;
/** Our own scripts on a page without a form or filter (the menu and the cookie banner) and Astro's island loader. */
const MAX_JS_BYTES = 20_000;
/** A page with islands: the above plus Preact (about 10 KiB with its React layer) and the islands' own code. */
const MAX_ISLAND_PAGE_JS_BYTES = 60_000;

/**
 * Loads a page on a phone, without scrolling, and returns the JS it ran: the script
 * files it fetched (decoded) and the scripts Astro inlined in the page.
 */
async function loadedJs(page: Page, path: string) {
  const files: { url: string; body: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.text().then(
        (body) => void files.push({ url: response.url(), body }),
        () => undefined,
      ),
    );
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script:not([src])')]
      .filter((script) => !script.type || script.type === 'module')
      .map((script) => script.text),
  );
  const bytes = [...files.map((file) => file.body), ...inline].reduce((total, code) => total + Buffer.byteLength(code), 0);
  const react = files.filter((file) => REACT_RUNTIME.test(file.body)).map((file) => file.url);
  return { files, inline, bytes, react };
}

test.describe('pages without a form or filter', () => {
  for (const path of ['/', '/blog/funcao-map-no-arduino', '/quem-somos']) {
    test(`${path} loads no React runtime, only small scripts`, async ({ page }) => {
      const js = await loadedJs(page, path);
      await expect(page.locator('[data-mobile-menu]')).toHaveAttribute('data-ready', 'true');
      await expect(page.locator('[data-cookie-banner]')).toHaveAttribute('data-ready', 'true');
      const islands = page.locator('astro-island[component-url*="MobileMenu"], astro-island[component-url*="CookieConsent"]');
      expect(await islands.count()).toBe(0);
      expect(js.react, 'nenhum script do React').toEqual([]);
      const loaded = `${js.files.map((file) => file.url).join(', ')} e ${js.inline.length} scripts na página`;
      expect(js.bytes, `JS carregado: ${loaded}`).toBeLessThan(MAX_JS_BYTES);
    });
  }
});

test.describe('pages with islands (filters, forms, the carousel)', () => {
  // What each page's island shows (the carousel marks itself ready once it runs).
  const pages = [
    { path: '/blog', ready: 'input[type="search"]' },
    { path: '/contato', ready: 'form' },
    { path: '/produtos', ready: 'ul[aria-label="Linhas de produtos"] a[aria-current="true"]' },
    { path: '/produtos/ops010', ready: '[aria-roledescription="carrossel"][data-ready="true"]' },
  ];
  for (const { path, ready } of pages) {
    test(`${path} runs its islands on Preact, without React`, async ({ page }) => {
      const js = await loadedJs(page, path);
      await expect(page.locator(ready).first()).toBeVisible();
      expect(await page.locator('astro-island').count()).toBeGreaterThan(0);
      expect(js.react, 'nenhum script do React').toEqual([]);
      const loaded = `${js.files.map((file) => file.url).join(', ')} e ${js.inline.length} scripts na página`;
      expect(js.bytes, `JS carregado: ${loaded}`).toBeLessThan(MAX_ISLAND_PAGE_JS_BYTES);
    });
  }

  test('the same checks see React where it runs (the admin)', async ({ page }) => {
    const js = await loadedJs(page, '/admin/login');
    expect(js.react.length).toBeGreaterThan(0);
    expect(js.bytes).toBeGreaterThan(MAX_ISLAND_PAGE_JS_BYTES);
  });
});
