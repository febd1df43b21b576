import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';

const box = async (locator: Locator) => (await locator.boundingBox())!;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the chat button rises above the cookie banner while it shows, and never covers the footer', async ({ page }) => {
  await page.goto('/');
  const chat = page.getByRole('link', { name: 'Fale conosco pelo chat (abre em nova aba)' });
  const banner = page.locator('[data-cookie-banner]');
  await expect(banner).toBeVisible();
  await expect.poll(async () => (await box(chat)).y + (await box(chat)).height).toBeLessThanOrEqual((await box(banner)).y);

  // The banner's island has hydrated (Astro drops `ssr`): its buttons answer.
  await expect(page.locator('astro-island[component-url*="CookieConsent"]')).not.toHaveAttribute('ssr', /.*/);
  await banner.getByRole('button', { name: 'Recusar' }).click();
  await expect(banner).toHaveCount(0);
  const viewport = page.viewportSize()!;
  await expect.poll(async () => viewport.height - ((await box(chat)).y + (await box(chat)).height)).toBe(16);

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const footer = page.locator('footer');
  for (const target of [
    footer.getByText(/Todos os direitos reservados/),
    footer.getByRole('button', { name: 'Redefinir preferências de cookies' }),
  ]) {
    await expect(target).toBeInViewport();
    expect(overlaps(await box(chat), await box(target))).toBe(false);
  }
});
