import { test, expect } from './fixtures';

test.describe('mobile menu', () => {
  test('opens and closes with the button, lists every item, and is keyboard usable', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-mobile-menu]')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByRole('navigation', { name: 'Menu principal', exact: true })).toBeHidden();

    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();

    const close = page.getByRole('button', { name: 'Fechar menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Menu principal (celular)' });
    await expect(menu.getByRole('link')).toHaveCount(10);
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
    await expect(menu.getByRole('link', { name: /Fale com um especialista/ })).toHaveAttribute('target', '_blank');

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
