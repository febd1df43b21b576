/**
 * Mídia and the editor's image picker on a 390 px phone: the search field shows its
 * whole placeholder, and the upload dialog and the picker take the whole screen with
 * nothing pushed sideways, the alternative-text question included, and axe finds no
 * WCAG 2.1 A/AA violation in them.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { allowConsoleErrors, expect, test } from '../fixtures';
import { signedInAs, superuser } from '../../helpers/staff';
import { wcagViolations } from '../axe';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
});

/**
 * The room a field gives its placeholder, as a multiple of the placeholder's drawn width.
 * Fonts differ between systems (this machine's DejaVu Sans, a phone's Roboto, another
 * fallback), so a placeholder that fits here by 3 px is cut elsewhere: 1.1 leaves 10%.
 */
function placeholderRoom(input: Locator) {
  return input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return room / context.measureText(element.placeholder).width;
  });
}

/** Whether a dialog takes the whole viewport and nothing inside it scrolls sideways. */
async function expectFullScreen(page: Page, dialog: Locator) {
  const box = await dialog.boundingBox();
  expect(box?.width, 'the dialog takes the whole width').toBe(390);
  const sideways = await dialog.evaluate(
    (element) =>
      [element, ...element.querySelectorAll('*')].filter(
        (node) => node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'hidden',
      ).length,
  );
  expect(sideways, 'nothing scrolls sideways').toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('Mídia: the search placeholder shows whole; the upload dialog asks the alt text on the whole screen', async ({
  page,
  consoleErrors,
}) => {
  // An empty library shows no search field: one file of this test's own.
  const client = await superuser();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `celular-${randomBytes(4).toString('hex')}.png`);
  const seeded = await client.collection('media').create(form);
  try {
    await signedInAs(page, 'editor', '/admin/media');
    await expect(page.getByRole('article').first()).toBeVisible();
    const search = page.getByPlaceholder('Buscar por nome ou texto alternativo');
    await expect(search).toBeVisible();
    expect(await placeholderRoom(search), 'room for the placeholder, with 10% to spare').toBeGreaterThanOrEqual(1.1);
  } finally {
    await client.collection('media').delete(seeded.id);
  }

  await page.getByRole('button', { name: 'Upload de Mídia' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload de Mídia' });
  await dialog
    .getByTestId('media-file-input')
    .setInputFiles([{ name: 'uma-foto-com-um-nome-bem-comprido-do-celular-20260114.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(dialog.getByRole('textbox', { name: 'Texto alternativo' })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Imagem decorativa (sem texto alternativo)' })).toBeVisible();
  await expectFullScreen(page, dialog);
  await dialog.getByRole('button', { name: 'Enviar Arquivos' }).click();
  await expect(dialog.getByText('Escreva o texto alternativo ou marque a imagem como decorativa.')).toBeVisible();
  expect(await wcagViolations(page, 'Upload de Mídia', { legacyMode: true })).toEqual([]);
  // The library lists every test's files; another test may delete one before its thumbnail loads.
  allowConsoleErrors(consoleErrors, /status of 404/);
});

test("the editor's image picker takes the whole screen, its questions included", async ({ page, consoleErrors }) => {
  const tag = randomBytes(4).toString('hex');
  const client = await superuser();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `sem-texto-${tag}.png`);
  const seeded = await client.collection('media').create(form);
  try {
    await signedInAs(page, 'editor', '/admin/posts/create');
    await page.getByRole('button', { name: 'Imagem', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Inserir imagem' });
    await picker.getByRole('searchbox', { name: 'Buscar imagens' }).fill(tag);
    const choice = picker.getByRole('button', { name: `Escolher sem-texto-${tag}.png` });
    await expect(choice).toBeVisible();
    await expect(picker.getByRole('listitem')).toHaveCount(1);
    await expectFullScreen(page, picker);
    expect(await wcagViolations(page, 'Inserir imagem', { legacyMode: true })).toEqual([]);

    // The image has no alternative text: the question, on the whole screen too.
    await choice.click();
    const ask = page.getByRole('dialog', { name: 'Texto alternativo da imagem' });
    await ask.getByRole('button', { name: 'Salvar e inserir' }).click();
    await expect(ask.getByText('Escreva o texto alternativo ou marque a imagem como decorativa.')).toBeVisible();
    await expectFullScreen(page, ask);
    expect(await wcagViolations(page, 'Texto alternativo da imagem', { legacyMode: true })).toEqual([]);
    await ask.getByRole('button', { name: 'Voltar' }).click();

    await picker.getByRole('tab', { name: 'Enviar imagem' }).click();
    await picker.getByTestId('media-file-input').setInputFiles([{ name: `nova-${tag}.png`, mimeType: 'image/png', buffer: PNG }]);
    await picker.getByRole('button', { name: 'Enviar e inserir' }).click();
    await expect(picker.getByText('Escreva o texto alternativo ou marque a imagem como decorativa.')).toBeVisible();
    await expectFullScreen(page, picker);
    expect(await wcagViolations(page, 'Inserir imagem › Enviar imagem', { legacyMode: true })).toEqual([]);
  } finally {
    await client.collection('media').delete(seeded.id);
  }
  // Other tests' thumbnails may be deleted while the library shows them.
  allowConsoleErrors(consoleErrors, /status of 404/);
});
