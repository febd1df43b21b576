/**
 * The page's section editor on a 390 px phone: a section of every field kind fits the
 * screen with nothing pushed sideways, the types' menu included, and axe finds no
 * WCAG 2.1 A/AA violation in it.
 */
import { SECTION_TYPE_NAMES } from '../../../shared/page-sections.js';
import { expect, test } from '../fixtures';
import { openEveryFieldKind } from '../../helpers/page-sections';
import { signedInAs } from '../../helpers/staff';
import { wcagViolations } from '../axe';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
});

test('the section editor fits a 390 px phone and is free of WCAG 2.1 A/AA violations', async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedInAs(page, 'editor', '/admin/pages/create');
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toBeVisible({ timeout: 15_000 });
  await openEveryFieldKind(page);
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await sideways(), 'nothing wider than the screen').toBeLessThanOrEqual(0);
  expect(await wcagViolations(page, 'Seções da página (390 px)', { legacyMode: true, excludeFrames: true })).toEqual([]);

  await page.getByRole('button', { name: 'Adicionar seção', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(SECTION_TYPE_NAMES.length);
  expect(await sideways(), 'the menu of types fits too').toBeLessThanOrEqual(0);
  expect(await wcagViolations(page, 'Adicionar seção (390 px)', { legacyMode: true, excludeFrames: true })).toEqual([]);
});
