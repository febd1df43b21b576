import { test, expect, allowConsoleErrors, chooseCookies } from './fixtures';
import { site } from '../../src/config/site';

test.describe('floating chat button', () => {
  test('shows "Fale conosco" on hover and on keyboard focus', async ({ page }) => {
    await page.goto('/');
    // The cookie banner lifts the button while it shows: with the choice made first, the button
    // stays under the pointer that hovers it.
    await chooseCookies(page, 'Recusar');
    const button = page.getByRole('link', { name: /Fale conosco/ });
    await expect(button).toHaveAttribute('href', site.chat.link);
    await expect(button).toHaveAttribute('target', '_blank');
    const label = page.getByTestId('chat-label');
    await expect(label).toHaveText('Fale conosco');
    await expect(label).toBeHidden();

    await button.hover();
    await expect(label).toBeVisible();

    await page.mouse.move(0, 0);
    await expect(label).toBeHidden();
    await button.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await expect(label).toBeVisible();
  });
});

test.describe('not-found page', () => {
  test('answers 404 with the site page, logs the path and links home', async ({ page, consoleErrors }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const response = await page.goto('/rota-que-nao-existe');
    expect(response?.status()).toBe(404);
    // Chromium itself reports the 404 document load as a console error; that one is expected.
    allowConsoleErrors(consoleErrors, /status of 404/);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect.poll(() => warnings.join('\n')).toContain('/rota-que-nao-existe');
    await page.getByRole('link', { name: 'Voltar para a página inicial' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tecnologia de ponta');
  });

  test('legacy admin paths redirect to /admin', async ({ page }) => {
    const response = await page.goto('/legacy-admin/posts/abc');
    expect(page.url()).toMatch(/\/admin\/posts\/abc$/);
    expect(response?.status()).toBe(200);
    // Signed out, the admin then sends the visitor to its sign-in screen.
    await expect(page.getByRole('heading', { name: 'Área Administrativa' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
