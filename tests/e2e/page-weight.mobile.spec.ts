import type { Page, Request } from '@playwright/test';
import { test, expect } from './fixtures';

/** Text only React DOM's runtime carries (its root marker): it tells React's file apart. */
const REACT_DOM = /__reactContainer\$/;
/** Scripts Astro writes into a page (the menu, the consent runtime, the island loader). */
const MAX_INLINE_JS_BYTES = 12_000;
/** A first visit to a page without islands in view: the cookie banner and React (about 70 KiB compressed). */
const MAX_BANNER_JS_BYTES = 85 * 1024;
/** A page with islands in view: React and the islands' code (the carousel brings keen-slider). */
const MAX_ISLAND_PAGE_JS_BYTES = 100 * 1024;

/** A returning visitor: a choice is stored before the page's first script runs. */
async function returningVisitor(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'true');
    localStorage.setItem('cookie-preferences', JSON.stringify({ necessary: true, analytics: false, marketing: false }));
  });
}

/**
 * Watches the JS a page gets: the script files it fetches (bytes as sent, compressed;
 * and their text) and, when asked, the scripts Astro wrote into the page.
 */
function watchJs(page: Page) {
  const files: { url: string; sent: number; body: string }[] = [];
  const pending: Promise<void>[] = [];
  // The page's requests, watched here rather than through Playwright's 'networkidle':
  // that state also waits on every frame's own, and a lazy frame whose navigation fails
  // after it had been idle (the contact page's map, answered by the fixture) can keep
  // the page short of it for good.
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      Promise.all([response.text(), response.request().sizes()]).then(
        ([body, sizes]) => void files.push({ url: new URL(response.url()).pathname, sent: sizes.responseBodySize, body }),
        () => undefined,
      ),
    );
  });
  return async function settled() {
    // Quiet as 'networkidle' means it: nothing in flight for 500 ms.
    await expect.poll(() => inFlight.size === 0 && Date.now() - lastChange >= 500, { intervals: [100] }).toBe(true);
    await Promise.all(pending);
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement>('script:not([src])')]
        .filter((script) => !script.type || script.type === 'module')
        .map((script) => script.text),
    );
    return {
      files: [...files],
      sent: files.reduce((total, file) => total + file.sent, 0),
      inlineBytes: inline.reduce((total, code) => total + Buffer.byteLength(code), 0),
      reactFiles: files.filter((file) => REACT_DOM.test(file.body)).map((file) => file.url),
      list: files.map((file) => `${file.url} (${file.sent} B)`).join(', ') || 'nenhum',
    };
  };
}

/** Loads a page on a phone, without scrolling, and returns the JS it got (see watchJs). */
async function loadedJs(page: Page, path: string) {
  const settled = watchJs(page);
  await page.goto(path);
  return settled();
}

test.describe('pages whose islands are below the fold', () => {
  for (const path of ['/', '/blog/funcao-map-no-arduino', '/quem-somos', '/contato']) {
    test(`${path}: a returning visitor fetches no JavaScript before scrolling`, async ({ page }) => {
      await returningVisitor(page);
      const js = await loadedJs(page, path);
      await expect(page.locator('[data-mobile-menu]')).toHaveAttribute('data-ready', 'true');
      await expect(page.getByRole('region', { name: 'Aviso de Cookies' })).toBeHidden();
      expect(js.files, `arquivos de JS: ${js.list}`).toEqual([]);
      expect(js.inlineBytes).toBeLessThan(MAX_INLINE_JS_BYTES);
    });

    test(`${path}: a first visit fetches only the cookie banner and React`, async ({ page }) => {
      const settled = watchJs(page);
      await page.goto(path);
      // The banner hydrates after the page has loaded, on a busy machine later than the
      // network's first quiet moment: the JS is counted once it has.
      await expect(page.locator('astro-island[component-url*="CookieConsent"]')).not.toHaveAttribute('ssr', /.*/);
      await expect(page.getByRole('region', { name: 'Aviso de Cookies' })).toBeVisible();
      const js = await settled();
      expect(js.files.some((file) => file.url.includes('CookieConsent'))).toBe(true);
      expect(
        js.files.filter((file) => /NewsletterForm|BlogBrowser|ContactForm/.test(file.url)),
        'nenhuma outra ilha antes de rolar',
      ).toEqual([]);
      expect(js.reactFiles, 'um só arquivo com o React DOM').toHaveLength(1);
      expect(js.sent, `JS transferido: ${js.list}`).toBeLessThan(MAX_BANNER_JS_BYTES);
    });
  }
});

test.describe('pages with islands in view (filters, forms, the carousel)', () => {
  // The island each page hydrates at load (on a phone, /contato's form is below the fold).
  const pages = [
    { path: '/blog', ready: 'BlogBrowser' },
    { path: '/produtos/ops010', ready: 'ImageCarousel' },
  ];
  for (const { path, ready } of pages) {
    test(`${path} runs its islands on one shared React`, async ({ page }) => {
      await returningVisitor(page);
      const js = await loadedJs(page, path);
      await expect(page.locator(`astro-island[component-url*="${ready}"]`).first()).not.toHaveAttribute('ssr', /.*/);
      expect(js.reactFiles, `um só arquivo com o React DOM: ${js.list}`).toHaveLength(1);
      expect(js.sent, `JS transferido: ${js.list}`).toBeLessThan(MAX_ISLAND_PAGE_JS_BYTES);
    });
  }

  test('every island of a page shares the same React file', async ({ page }) => {
    const settled = watchJs(page);
    await page.goto('/blog');
    // The banner (first visit), the blog browser and, once scrolled to, both newsletter forms;
    // then the site search, opened.
    await page.locator('footer').scrollIntoViewIfNeeded();
    const islands = page.locator('astro-island:not([component-url*="SiteSearch"])');
    await expect(islands).toHaveCount(4);
    for (const island of await islands.all()) {
      await island.scrollIntoViewIfNeeded();
      await expect(island).not.toHaveAttribute('ssr', /.*/);
    }
    // The site search hydrates only when opened, and then on the same React.
    const search = page.locator('astro-island[component-url*="SiteSearch"]');
    await expect(search).toHaveAttribute('ssr', /.*/);
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'Buscar no site' })).toBeVisible();
    await expect(search).not.toHaveAttribute('ssr', /.*/);
    const js = await settled();
    expect(js.reactFiles, `um só arquivo com o React DOM: ${js.list}`).toHaveLength(1);
  });
});
