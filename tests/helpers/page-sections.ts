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
