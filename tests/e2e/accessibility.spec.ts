import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';

/** Every page built so far; later issues add theirs. */
const PAGES = ['/', '/rota-inexistente', '/admin'];

test.describe('accessibility', () => {
  for (const path of PAGES) {
    test(`${path} has no WCAG 2.1 A/AA violations (axe)`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !/status of 404/.test(text)));
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const summary = results.violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
      }));
      expect(summary, `violações de acessibilidade em ${path}`).toEqual([]);
    });
  }

  test('the cookie dialog is accessible when open', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Gerenciar preferências' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const results = await new AxeBuilder({ page }).include('dialog').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
