/**
 * Every admin list (and the dashboard) on a 390 px phone: cards (react-admin's SimpleList) instead of a
 * table, nothing pushes the page sideways, and axe finds no WCAG 2.1 A/AA violation.
 */
import { test, expect } from '../fixtures';
import { signedInAs } from '../../helpers/staff';
import { wcagViolations } from '../axe';

const LISTS = [
  // The dashboard too: its cards, the publication panel and the report stack on a phone.
  { path: '/admin', cards: false },
  { path: '/admin/posts', cards: true },
  { path: '/admin/users', cards: true },
  { path: '/admin/pages', cards: false },
  { path: '/admin/media', cards: false },
  { path: '/admin/audit', cards: true },
  { path: '/admin/comments', cards: false },
  { path: '/admin/messages', cards: false },
  { path: '/admin/newsletter', cards: false },
  // Analytics keeps its tables, each scrolling in its own box.
  { path: '/admin/analytics', cards: false, tables: true },
];

test('every admin list is cards on a phone, with no sideways scroll and no axe violation', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedInAs(page, 'admin');
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  const problems: string[] = [];
  for (const { path, cards, tables } of LISTS) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await expect(page.getByText(/^Carregando/)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
    // The list has some rows (other tests fill the shared server) or its empty state.
    if (cards) await expect(page.locator('main li').first()).toBeVisible();
    if (!tables) await expect(page.locator('main table')).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) problems.push(`${path}: a página tem ${width} px de largura`);
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
    problems.push(...(await wcagViolations(page, path, { legacyMode: true })));
  }
  expect(problems).toEqual([]);
});
