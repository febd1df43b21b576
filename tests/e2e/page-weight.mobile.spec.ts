import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/** Text only React's own builds carry (its error-page links and element tag). */
const REACT_RUNTIME = /react\.dev\/errors|react\.transitional\.element/;
/** Our own scripts on a page without a form or filter (the menu and the cookie banner) and Astro's island loader. */
const MAX_JS_BYTES = 20_000;

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

  test('the same checks see React on a page that needs it (the blog filter)', async ({ page }) => {
    const js = await loadedJs(page, '/blog');
    expect(js.react.length).toBeGreaterThan(0);
    expect(js.bytes).toBeGreaterThan(MAX_JS_BYTES);
  });
});
