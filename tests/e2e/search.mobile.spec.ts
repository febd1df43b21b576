/**
 * The site search on a 390 px phone: the header's search button opens it, the dialog
 * fills the screen without sideways scroll, and a result opens its page.
 */
import { test, expect } from './fixtures';

test('on a phone the header button opens the search, which fits the screen', async ({ page }) => {
  await page.goto('/produtos');
  await page.getByRole('button', { name: 'Buscar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buscar no site' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('searchbox').fill('termopar');
  await expect(dialog.getByRole('status')).toHaveText(/resultados? para “termopar”/, { timeout: 15_000 });
  const first = dialog.getByRole('link').first();
  await expect(first).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(innerWidth);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Buscar' })).toBeFocused();
});
