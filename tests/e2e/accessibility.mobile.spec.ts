/**
 * axe (WCAG 2.1 A/AA) at a 390 px phone width over the public screens whose
 * layout differs most on a phone; the desktop sweep of every page is
 * accessibility.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';

const PAGES = [
  '/',
  '/produtos',
  '/produtos/linha/opm',
  '/produtos/ops010',
  '/catalogo-digital',
  '/contato',
  '/clientes',
  '/assinaturas-email',
  '/blog/video-apresentacao-shield-industrial-esp32',
  '/blog/corrigindo-conflito-da-porta-serial',
];

test('the phone layout of the public screens has no WCAG 2.1 A/AA violation (axe)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const violations: string[] = [];
  for (const path of PAGES) {
    await page.goto(path);
    await page.waitForLoadState('load');
    const results = await new AxeBuilder({ page })
      .options({ iframes: false })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    for (const violation of results.violations) {
      violations.push(
        `${path}: ${violation.id} (${violation.impact}) em ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    }
  }
  expect(violations).toEqual([]);
});
