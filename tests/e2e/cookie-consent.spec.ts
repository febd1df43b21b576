import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

const ANALYTICS_HOST = 'https://www.googletagmanager.com/**';

/** Counts requests to the analytics host, answering them locally (no network here). */
async function watchAnalytics(page: Page) {
  const requests: string[] = [];
  await page.route(ANALYTICS_HOST, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__analyticsLoaded = true;' });
  });
  return requests;
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    consent: localStorage.getItem('cookie-consent'),
    preferences: localStorage.getItem('cookie-preferences'),
  }));

test.describe('cookie banner', () => {
  test('shows on the first visit and loads no analytics before consent', async ({ page }) => {
    const analytics = await watchAnalytics(page);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Aviso de Cookies' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Gerenciar preferências' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(analytics, 'nenhum script de análise antes do consentimento').toEqual([]);
    expect(await page.locator('script[data-consent-activated]').count()).toBe(0);
  });

  test('"Aceitar" accepts all, hides the banner, loads analytics and persists across reloads', async ({ page }) => {
    const analytics = await watchAnalytics(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Aceitar', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Aviso de Cookies' })).toBeHidden();
    expect(await stored(page)).toEqual({
      consent: 'true',
      preferences: JSON.stringify({ necessary: true, analytics: true, marketing: true }),
    });
    await expect.poll(() => analytics.length, { message: 'o script de análise carrega após o consentimento' }).toBe(1);
    expect(analytics[0]).toContain(`id=${process.env.E2E_ANALYTICS_ID}`);

    await page.reload();
    await expect(page.locator('script[data-consent-activated="analytics"]').first()).toBeAttached();
    await expect(page.getByRole('region', { name: 'Aviso de Cookies' })).toBeHidden();
  });

  test('the preferences dialog keeps necessary on and saves the chosen categories', async ({ page }) => {
    const analytics = await watchAnalytics(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Gerenciar preferências' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preferências de cookies' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Necessários' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Necessários' })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Análise' })).not.toBeChecked();
    await dialog.getByRole('switch', { name: 'Marketing' }).check();
    await dialog.getByRole('button', { name: 'Salvar preferências' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Aviso de Cookies' })).toBeHidden();
    expect(await stored(page)).toEqual({
      consent: 'true',
      preferences: JSON.stringify({ necessary: true, analytics: false, marketing: true }),
    });
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Aviso de Cookies' })).toBeHidden();
    expect(analytics, 'análise recusada: nenhum script de análise').toEqual([]);
  });

  test('"Apenas necessários" refuses analytics and marketing', async ({ page }) => {
    const analytics = await watchAnalytics(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Gerenciar preferências' }).click();
    await page.getByRole('button', { name: 'Apenas necessários' }).click();
    expect(await stored(page)).toEqual({
      consent: 'true',
      preferences: JSON.stringify({ necessary: true, analytics: false, marketing: false }),
    });
    await page.waitForLoadState('networkidle');
    expect(analytics).toEqual([]);
  });

  test('resetting the choice from the footer shows the banner again', async ({ page }) => {
    await watchAnalytics(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Aceitar', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Aviso de Cookies' })).toBeHidden();

    await page.getByRole('button', { name: 'Redefinir preferências de cookies' }).click();
    await expect(page.getByRole('region', { name: 'Aviso de Cookies' })).toBeVisible();
    expect(await stored(page)).toEqual({ consent: null, preferences: null });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Aviso de Cookies' })).toBeVisible();
  });
});
