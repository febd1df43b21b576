/**
 * The link dialog keeps every word: words selected, linked and then written after,
 * at a person's pace and at a fast typist's (keys pressed the instant the dialog
 * closes), by the 'Salvar' button and by Enter in the address. What follows a link
 * is never part of it, and the linked words are never replaced.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { signedInAs } from '../../helpers/staff';
import { markdownEditor, readMarkdown, writeMarkdown } from '../../helpers/editor';

const SENTENCE = 'Veja também a documentação do fabricante';
const WORDS = 'documentação do fabricante';

/** Selects `words` in the editor's first paragraph, as a mouse drag would. */
async function select(page: Page, words: string) {
  await page
    .locator('.ProseMirror p')
    .first()
    .evaluate((paragraph, wanted) => {
      const text = paragraph.firstChild as Text;
      const start = text.data.indexOf(wanted);
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, start + wanted.length);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    }, words);
}

for (const { how, delay } of [
  { how: 'at a person’s pace', delay: 80 },
  { how: 'as fast as keys go', delay: 0 },
]) {
  for (const { submit, end } of [
    { submit: 'Salvar', end: false },
    { submit: 'Enter', end: true },
  ] as const) {
    const keys = end ? 'End, then words' : 'words at once';
    test(`a link set on selected words keeps them; what is typed after goes after it (${submit}, ${keys}, ${how})`, async ({
      page,
    }) => {
      await signedInAs(page, 'editor', '/admin/posts/create');
      await writeMarkdown(page, 'Conteúdo', SENTENCE);
      await page.locator('.ProseMirror').first().click();
      await select(page, WORDS);
      await markdownEditor(page, 'Conteúdo').getByRole('button', { name: 'Link', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Inserir link' });
      const address = dialog.getByRole('textbox', { name: 'Endereço' });
      await address.fill('fabricante.com/manual');
      if (submit === 'Salvar') await dialog.getByRole('button', { name: 'Salvar' }).click();
      else await address.press('Enter');
      // No wait for the dialog to go: a fast typist's next keys come at once.
      if (delay > 0) await expect(dialog).toHaveCount(0);
      if (end) await page.keyboard.press('End', { delay });
      await page.keyboard.type(' e continue lendo.', { delay });

      await expect(page.locator('.ProseMirror p').first()).toHaveText(`${SENTENCE} e continue lendo.`);
      expect(await readMarkdown(page, 'Conteúdo')).toBe(
        `Veja também a [${WORDS}](https://fabricante.com/manual) e continue lendo.`,
      );
    });
  }
}

test('a "." typed right after a new link is not part of it', async ({ page }) => {
  await signedInAs(page, 'editor', '/admin/posts/create');
  const body = page.locator('.ProseMirror').first();
  await body.click({ timeout: 15_000 });
  await page.keyboard.type('Leia o ');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Inserir link' });
  await dialog.getByRole('textbox', { name: 'Texto' }).fill('manual');
  await dialog.getByRole('textbox', { name: 'Endereço' }).fill('/downloads');
  await dialog.getByRole('textbox', { name: 'Endereço' }).press('Enter');
  await page.keyboard.type('.');
  await expect(body.locator('p').first()).toHaveText('Leia o manual.');
  expect(await readMarkdown(page, 'Conteúdo')).toBe('Leia o [manual](/downloads).');
});
