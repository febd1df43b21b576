import { test as base, expect } from '@playwright/test';

/**
 * The one console error that is not the page's: the post editor's preview frame is
 * sandboxed without scripts, Playwright's own instrumentation tries to run in every
 * frame, and Chromium reports the refusal (a plain headless Chromium, without
 * Playwright, reports nothing). When it shows depends on timing, so it is set aside
 * for every test that reaches the editor, not only for those that remember to.
 */
const PLAYWRIGHT_SANDBOX_NOTICE = /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

/**
 * Our `test`: baseURL points at the PocketBase started by global-setup, and every
 * test fails if the page logs a console error or throws.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Playwright requires the destructuring pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL não definido: o global-setup não iniciou o servidor');
    await use(url);
  },
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      // No network here: anything outside our server (map tiles, analytics) gets an
      // empty answer, so pages behave as they would offline-but-quiet.
      const origin = new URL(baseURL!).origin;
      await page.route(
        (url) => url.origin !== origin && url.protocol.startsWith('http'),
        (route) => route.fulfill({ status: 204, body: '' }),
      );
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !PLAYWRIGHT_SANDBOX_NOTICE.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'a página registrou erros no console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Lets a page reach a server a test started itself: the fixtures answer every other
 * origin with an empty 204.
 */
export async function reachServer(page: import('@playwright/test').Page, url: string) {
  const origin = new URL(url).origin;
  await page.route(
    (address) => address.origin === origin,
    (route) => route.continue(),
  );
}

/**
 * Drops the console errors a test expects (Chromium logs failed responses, such as
 * a deliberate 404 or 503, as errors), so only unexpected ones fail the test.
 */
export function allowConsoleErrors(consoleErrors: string[], expected: RegExp) {
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !expected.test(text)));
}

/** Waits until every instance of a React island has hydrated (Astro drops the `ssr` attribute). */
export async function islandsHydrated(page: import('@playwright/test').Page, component: string) {
  const islands = page.locator(`astro-island[component-url*="${component}"]`);
  await expect(islands.first()).toBeAttached();
  for (const island of await islands.all()) {
    await island.scrollIntoViewIfNeeded();
    await expect(island).not.toHaveAttribute('ssr', /.*/);
  }
}

/**
 * Makes the cookie choice on a first visit ('Aceitar' or 'Recusar'), once the banner's island
 * can take it, and waits for the banner to go: what floats over the page (the chat button,
 * lifted while the banner shows) is then where it stays.
 */
export async function chooseCookies(page: import('@playwright/test').Page, choice: 'Aceitar' | 'Recusar' = 'Aceitar') {
  const banner = page.locator('[data-cookie-banner]');
  await expect(banner).toBeVisible();
  await expect(page.locator('astro-island[component-url*="CookieConsent"]')).not.toHaveAttribute('ssr', /.*/);
  await banner.getByRole('button', { name: choice, exact: true }).click();
  await expect(banner).toHaveCount(0);
}
