/**
 * axe (WCAG 2.1 A/AA) at a 390 px phone width over the public screens whose
 * layout differs most on a phone; the desktop sweep of every page is
 * accessibility.spec.ts.
 */
import { test, expect } from './fixtures';
import { wcagViolations } from './axe';

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
    violations.push(...(await wcagViolations(page, path)));
  }
  expect(violations).toEqual([]);
});
