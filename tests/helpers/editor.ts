/**
 * The visual Markdown editor (src/admin/editor/MarkdownEditor.tsx) in browser tests:
 * its 'Markdown' view is where a test writes exact Markdown, as an editor would paste
 * it there.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The editor whose label is `label` ('Conteúdo', 'Texto da seção'); `index` picks among several. */
export function markdownEditor(page: Page, label: string, index = 0): Locator {
  return page
    .locator('[data-markdown-editor]')
    .filter({ has: page.getByText(label, { exact: true }) })
    .nth(index);
}

/** Replaces the body with `markdown` in the 'Markdown' view, then goes back to the visual view. */
export async function writeMarkdown(page: Page, label: string, markdown: string, index = 0): Promise<void> {
  const editor = markdownEditor(page, label, index);
  await editor.getByRole('button', { name: 'Markdown' }).click({ timeout: 15_000 });
  const source = editor.getByRole('textbox', { name: `${label} (Markdown)` });
  await source.fill(markdown);
  await editor.getByRole('button', { name: 'Markdown' }).click();
  await expect(source).toHaveCount(0);
}

/** The Markdown the editor holds now, read from its 'Markdown' view. */
export async function readMarkdown(page: Page, label: string, index = 0): Promise<string> {
  const editor = markdownEditor(page, label, index);
  await editor.getByRole('button', { name: 'Markdown' }).click();
  const value = await editor.getByRole('textbox', { name: `${label} (Markdown)` }).inputValue();
  await editor.getByRole('button', { name: 'Markdown' }).click();
  return value;
}
