/**
 * The page form's sections (src/admin/pages/sections/) in browser tests: the cards
 * in order, and adding a section of a type from the 'Adicionar seção' menu.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The section cards, in the page's order. */
export function sectionCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Seções da página' }).locator('[data-section-card]');
}

/**
 * Adds a section of the type labelled `typeLabel` ('Grade de cartões') at the end of
 * the page and answers its card, opened.
 */
export async function addSection(page: Page, typeLabel: string): Promise<Locator> {
  const before = await sectionCards(page).count();
  await page.getByRole('button', { name: 'Adicionar seção', exact: true }).click();
  // A menu item reads as the type's label followed by its hint.
  await page.getByRole('menuitem', { name: new RegExp(`^${typeLabel}`) }).click();
  const card = sectionCards(page).nth(before);
  await expect(card.getByRole('button', { expanded: true }).first()).toContainText(`${before + 1}. ${typeLabel}`);
  return card;
}

/**
 * Adds, on the page form, a section of each field kind, open: texts, a link and an
 * image (Destaque principal), choices (Chamada com números), selects and a list with one
 * card (Grade de cartões), and the visual editor (Texto) with 'Mais opções' open; then
 * tries to save, so the problems of the empty required fields show too.
 */
export async function openEveryFieldKind(page: Page): Promise<Locator[]> {
  const hero = await addSection(page, 'Destaque principal');
  const highlight = await addSection(page, 'Chamada com números');
  const grid = await addSection(page, 'Grade de cartões');
  await grid.getByRole('button', { name: 'Adicionar cartão' }).click();
  const text = await addSection(page, 'Texto');
  await text.getByRole('button', { name: 'Mais opções' }).click();
  await expect(text.getByRole('textbox', { name: 'Âncora' })).toBeVisible();
  await expect(text.locator('.ProseMirror')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(hero.getByRole('textbox', { name: 'Título', exact: true })).toHaveAccessibleDescription(/Preencha este campo\./);
  return [hero, highlight, grid, text];
}
