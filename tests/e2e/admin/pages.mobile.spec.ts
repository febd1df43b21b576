/**
 * The page's section editor on a 390 px phone: a section of every field kind fits the
 * screen with nothing pushed sideways, the types' menu included, and axe finds no
 * WCAG 2.1 A/AA violation in it; its live preview fills the screen and leads back to a section.
 */
import { SECTION_TYPE_NAMES } from '../../../shared/page-sections.js';
import { expect, test } from '../fixtures';
import { addSection, openEveryFieldKind } from '../../helpers/page-sections';
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

test('on a phone the preview fills the screen, fits it, and a click on a section brings its card back', async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedInAs(page, 'editor', '/admin/pages/create');
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Garantia estendida', { timeout: 15_000 });
  const header = await addSection(page, 'Cabeçalho da página');
  await header.getByRole('textbox', { name: 'Título', exact: true }).fill('Garantia de três anos');
  const toggle = header.locator('[data-section-toggle]');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pré-visualização (como no site)' });
  await expect(dialog).toBeVisible();
  const preview = dialog.frameLocator('iframe[title="Pré-visualização da página"]');
  await expect(preview.locator('h1')).toHaveText('Garantia de três anos', { timeout: 60_000 });
  const frame = await dialog.locator('iframe').boundingBox();
  expect(frame!.x).toBeGreaterThanOrEqual(0);
  expect(frame!.x + frame!.width).toBeLessThanOrEqual(390);
  // The site's page inside scrolls nowhere sideways in a phone's width.
  const inside = await preview.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
  expect(inside).toBeLessThanOrEqual(0);
  expect(await wcagViolations(page, 'Pré-visualização (390 px)', { legacyMode: true, excludeFrames: true })).toEqual([]);

  await preview.locator('h1').click();
  await expect(dialog).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(header.getByRole('textbox', { name: 'Título', exact: true })).toBeInViewport();
});
