import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

const ANALYTICS_HOST = 'https://www.googletagmanager.com/**';
const ALL = JSON.stringify({ necessary: true, analytics: true, marketing: true });
const NECESSARY = JSON.stringify({ necessary: true, analytics: false, marketing: false });

/** Counts requests to the analytics host, answering them locally (no network here). */
async function watchAnalytics(page: Page) {
  const requests: string[] = [];
  await page.route(ANALYTICS_HOST, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__analyticsLoaded = true;' });
  });
  return requests;
}

/** Every script file the page fetches, from the first request on. */
function watchScripts(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && new URL(request.url()).pathname.startsWith('/_astro/')) urls.push(request.url());
  });
  return urls;
}

/** A returning visitor: the choice is in localStorage before the page's first script runs. */
async function storeChoice(page: Page, preferences: string) {
  await page.addInitScript(
    ([stored]) => {
      // Only on the first load: a test that clears the choice must see it stay cleared.
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('cookie-consent', 'true');
      localStorage.setItem('cookie-preferences', stored!);
    },
    [preferences],
  );
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    consent: localStorage.getItem('cookie-consent'),
    preferences: localStorage.getItem('cookie-preferences'),
  }));

const banner = (page: Page) => page.getByRole('region', { name: 'Aviso de Cookies' });

/** The banner's island has hydrated (Astro drops `ssr`), so its buttons answer. */
const bannerReady = (page: Page) =>
  expect(page.locator('astro-island[component-url*="CookieConsent"]')).not.toHaveAttribute('ssr', /.*/);

test.describe('cookie banner', () => {
  test('shows on the first visit, with Recusar as prominent as Aceitar, and loads no analytics before consent', async ({
    page,
  }) => {
    const analytics = await watchAnalytics(page);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Gerenciar preferências' })).toBeVisible();
    const refuse = banner(page).getByRole('button', { name: 'Recusar' });
    const accept = banner(page).getByRole('button', { name: 'Aceitar', exact: true });
    const look = (button: typeof refuse) =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        const { width, height } = element.getBoundingClientRect();
        return { width, height, background: style.backgroundColor, color: style.color, weight: style.fontWeight };
      });
    expect(await look(refuse), 'Recusar e Aceitar com o mesmo tamanho e estilo').toEqual(await look(accept));
    await page.waitForLoadState('networkidle');
    expect(analytics, 'nenhum script de análise antes do consentimento').toEqual([]);
    expect(await page.locator('script[data-consent-activated]').count()).toBe(0);
  });

  test('"Aceitar" accepts all, hides the banner, loads analytics and persists across reloads', async ({ page }) => {
    const analytics = await watchAnalytics(page);
    await page.goto('/');
    await bannerReady(page);
    await page.getByRole('button', { name: 'Aceitar', exact: true }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toEqual({ consent: 'true', preferences: ALL });
    await expect.poll(() => analytics.length, { message: 'o script de análise carrega após o consentimento' }).toBe(1);
    expect(analytics[0]).toContain(`id=${process.env.E2E_ANALYTICS_ID}`);

    await page.reload();
    await expect(page.locator('script[data-consent-activated="analytics"]').first()).toBeAttached();
    await expect(banner(page)).toBeHidden();
  });

  test('"Recusar" stores necessary only, hides the banner and loads no analytics', async ({ page }) => {
    const analytics = await watchAnalytics(page);
    await page.goto('/');
    await bannerReady(page);
    await banner(page).getByRole('button', { name: 'Recusar' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toEqual({ consent: 'true', preferences: NECESSARY });
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(banner(page)).toBeHidden();
    expect(analytics, 'análise recusada: nenhum script de análise').toEqual([]);
  });

  test('the preferences dialog keeps necessary on and saves the chosen categories', async ({ page }) => {
    const analytics = await watchAnalytics(page);
    await page.goto('/');
    await bannerReady(page);
    await page.getByRole('button', { name: 'Gerenciar preferências' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preferências de cookies' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Necessários' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Necessários' })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Análise' })).not.toBeChecked();
    await dialog.getByRole('switch', { name: 'Marketing' }).check();
    await dialog.getByRole('button', { name: 'Salvar preferências' }).click();

    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toEqual({
      consent: 'true',
      preferences: JSON.stringify({ necessary: true, analytics: false, marketing: true }),
    });
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(banner(page)).toBeHidden();
    expect(analytics, 'análise recusada: nenhum script de análise').toEqual([]);
  });

  test('"Apenas necessários" refuses analytics and marketing', async ({ page }) => {
    const analytics = await watchAnalytics(page);
    await page.goto('/');
    await bannerReady(page);
    await page.getByRole('button', { name: 'Gerenciar preferências' }).click();
    await page.getByRole('button', { name: 'Apenas necessários' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toEqual({ consent: 'true', preferences: NECESSARY });
    await page.waitForLoadState('networkidle');
    expect(analytics).toEqual([]);
  });

  test('keyboard: the dialog holds focus, Esc closes it and focus returns to its opener', async ({ page }) => {
    await page.goto('/');
    await bannerReady(page);
    const manage = banner(page).getByRole('button', { name: 'Gerenciar preferências' });
    await manage.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Preferências de cookies' });
    await expect(dialog).toBeVisible();
    // More presses than the dialog has controls, both ways: focus never leaves it.
    for (const key of [...Array<string>(7).fill('Tab'), ...Array<string>(7).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `foco no diálogo após ${key}`).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(manage).toBeFocused();
    await expect(banner(page)).toBeVisible();
    expect(await stored(page)).toEqual({ consent: null, preferences: null });
  });

  test('a first visit fetches React only after the page has loaded; a press before that is not lost', async ({ page }) => {
    // The banner's code is held back, as on a slow phone, until the visitor has pressed.
    let release!: () => void;
    const pressed = new Promise<void>((resolve) => (release = resolve));
    const fetchedAt: string[] = [];
    await page.route('**/_astro/*.js', async (route) => {
      fetchedAt.push(await page.evaluate(() => document.readyState).catch(() => 'unknown'));
      await pressed;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'load' });
    await expect(banner(page)).toBeVisible();
    await expect(page.locator('astro-island[component-url*="CookieConsent"]')).toHaveAttribute('ssr', '');
    await banner(page).getByRole('button', { name: 'Recusar' }).click();
    release();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toEqual({ consent: 'true', preferences: NECESSARY });
    expect(fetchedAt.length, 'o código do aviso foi pedido').toBeGreaterThan(0);
    expect(
      fetchedAt.every((state) => state === 'complete'),
      'nenhum script antes do fim da carga',
    ).toBe(true);
  });
});

test.describe('a returning visitor', () => {
  test('gets the consented scripts and no banner, without its code or React', async ({ page }) => {
    const analytics = await watchAnalytics(page);
    await storeChoice(page, ALL);
    const scripts = watchScripts(page);
    await page.goto('/');
    await expect(page.locator('script[data-consent-activated="analytics"]').first()).toBeAttached();
    await page.waitForLoadState('networkidle');
    await expect(banner(page)).toBeHidden();
    expect(analytics).toHaveLength(1);
    // The home page's only island (the footer's newsletter) is below the fold.
    expect(scripts, 'nenhum arquivo de JavaScript antes de rolar a página').toEqual([]);
  });

  test('never sees the banner, not even while the page loads', async ({ page }) => {
    await storeChoice(page, NECESSARY);
    // Records whether the banner was ever rendered visible, from the first frame on.
    await page.addInitScript(() => {
      const seen = () => {
        const element = document.querySelector('[data-cookie-banner]');
        if (element && element.getClientRects().length > 0) (window as { __bannerSeen?: boolean }).__bannerSeen = true;
      };
      new MutationObserver(seen).observe(document, { childList: true, subtree: true, attributes: true });
      const frame = () => {
        seen();
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto('/blog');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as { __bannerSeen?: boolean }).__bannerSeen ?? false)).toBe(false);
  });

  test('reopens the banner from the footer: it takes focus, and a choice stores it and gives focus back', async ({ page }) => {
    await storeChoice(page, ALL);
    const scripts = watchScripts(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => url.includes('CookieConsent'))).toEqual([]);

    const reset = page.getByRole('button', { name: 'Redefinir preferências de cookies' });
    await reset.focus();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeVisible();
    expect(await stored(page)).toEqual({ consent: null, preferences: null });
    await expect
      .poll(() => scripts.some((url) => url.includes('CookieConsent')), { message: 'o aviso carrega agora' })
      .toBe(true);
    await bannerReady(page);
    await expect(banner(page)).toBeFocused();

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('button', { name: 'Recusar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toEqual({ consent: 'true', preferences: NECESSARY });
    await expect(reset).toBeFocused();

    // Once hydrated, the island itself handles the next reset.
    await reset.click();
    await expect(banner(page)).toBeVisible();
    await page.reload();
    await expect(banner(page)).toBeVisible();
  });

  test('other tabs follow a choice made or forgotten in one', async ({ page, context }) => {
    await storeChoice(page, NECESSARY);
    await page.goto('/');
    const other = await context.newPage();
    await other.goto('/');
    await expect(banner(other)).toBeHidden();

    await page.getByRole('button', { name: 'Redefinir preferências de cookies' }).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(other), 'a outra aba mostra o aviso de novo').toBeVisible();

    await bannerReady(other);
    await banner(other).getByRole('button', { name: 'Aceitar', exact: true }).click();
    await expect(banner(page), 'e o esconde quando a outra aba escolhe').toBeHidden();
    await expect(page.locator('script[data-consent-activated="analytics"]').first()).toBeAttached();
  });
});
