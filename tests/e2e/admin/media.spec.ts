/**
 * Mídia: uploads through the dialog (and the ones refused before or by the server),
 * the library grid with sizes and links, alternative text saved on the server,
 * deletion with confirmation (where the file is used, the trash it goes to and comes
 * back from), and what an author may and may not do.
 * Every test names its files with its own tag and searches for it: the e2e server
 * is shared by tests running in parallel.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { allowConsoleErrors, expect, test } from '../fixtures';
import { formatBytes as formatFileSize } from '../../../src/lib/format';
import { signedInAs, superuser } from '../../helpers/staff';
import { wcagViolations } from '../axe';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal valid PDF, padded past 1 KB so its size reads in KB. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj',
    `%${'x'.repeat(2000)}`,
    'trailer<</Root 1 0 R>>',
    '%%EOF',
  ].join('\n'),
);

// Uploads, thumbnails and several round trips per test, on 2 shared CPU cores.
test.describe.configure({ timeout: 60_000 });

// The library lists the files of every test running beside these, and another test may
// delete one of its files before the thumbnail loads: its 404 is no error of this page.
// (media.mobile.spec.ts allows it the same way.)
test.afterEach(({ consoleErrors }) => allowConsoleErrors(consoleErrors, /status of 404/));

const tagged = () => randomBytes(4).toString('hex');

async function openUploadDialog(page: Page) {
  await page.getByRole('button', { name: 'Upload de Mídia' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload de Mídia' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Narrows the grid to this test's files (server-side search). */
async function search(page: Page, text: string) {
  await page.getByPlaceholder('Buscar por nome ou texto alternativo').fill(text);
}

async function storedMedia(tag: string) {
  const client = await superuser();
  return client.collection('media').getFullList({ filter: client.filter('original_filename ~ {:tag}', { tag }) });
}

async function removeStored(tag: string) {
  const client = await superuser();
  for (const record of await storedMedia(tag)) await client.collection('media').delete(record.id);
}

test('an editor uploads an image and a PDF, copies a link, edits the alt text and deletes a file', async ({
  page,
  context,
  baseURL,
}) => {
  const tag = tagged();
  const image = `foto-${tag}.png`;
  const pdf = `manual-${tag}.pdf`;
  const editor = await signedInAs(page, 'editor', '/admin/media');
  try {
    const dialog = await openUploadDialog(page);
    const send = dialog.getByRole('button', { name: 'Enviar Arquivos' });
    await expect(send).toBeDisabled();
    await dialog.getByTestId('media-file-input').setInputFiles([
      { name: image, mimeType: 'image/png', buffer: PNG },
      { name: pdf, mimeType: 'application/pdf', buffer: PDF },
    ]);
    const chosen = dialog.getByRole('list', { name: 'Arquivos selecionados' });
    await expect(chosen.getByText(image)).toBeVisible();
    await expect(chosen.getByText(pdf)).toBeVisible();
    await expect(dialog.getByRole('button', { name: `Remover ${image}` })).toBeVisible();

    // The image is asked its alternative text before anything is sent; the PDF is not.
    const imageAsked = chosen.getByRole('group', { name: image });
    await expect(chosen.getByRole('img', { name: `Prévia de ${image}` })).toBeVisible();
    await expect(chosen.getByRole('group', { name: pdf })).toHaveCount(0);
    await send.click();
    const altField = imageAsked.getByRole('textbox', { name: 'Texto alternativo' });
    await expect(imageAsked.getByText('Escreva o texto alternativo ou marque a imagem como decorativa.')).toBeVisible();
    await expect(altField, 'the focus goes to the question').toBeFocused();
    expect(await storedMedia(tag), 'nothing is sent before the answer').toEqual([]);
    await altField.fill(`Foto da placa ${tag}`);
    await send.click();
    await expect(page.getByText('2 arquivo(s) enviado(s) com sucesso!')).toBeVisible();
    await expect(dialog).toBeHidden();

    await search(page, tag);
    const imageCard = page.getByRole('article', { name: image });
    const pdfCard = page.getByRole('article', { name: pdf });
    await expect(imageCard).toBeVisible();
    await expect(pdfCard).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(imageCard.getByText(formatFileSize(PNG.length), { exact: true })).toBeVisible();
    await expect(pdfCard.getByText(formatFileSize(PDF.length), { exact: true })).toBeVisible();
    expect(formatFileSize(PDF.length)).toMatch(/^2,\d{1,2} KB$/);
    await expect(pdfCard.getByText(/^\d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    // The image shows its thumbnail (and it loads); the PDF a type icon.
    const thumbnail = imageCard.locator('img');
    await expect(thumbnail).toHaveAttribute('src', /thumb=320x240/);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(pdfCard.locator('img')).toHaveCount(0);

    // The server filled the facts from the upload itself.
    const stored = await storedMedia(tag);
    const storedImage = stored.find((record) => record.original_filename === image)!;
    expect(storedImage).toMatchObject({
      file_size: PNG.length,
      mime_type: 'image/png',
      uploaded_by: editor.id,
      alt_text: `Foto da placa ${tag}`,
      decorative: false,
      width: 1,
      height: 1,
    });
    await expect(imageCard.getByText(`Texto alternativo: Foto da placa ${tag}`)).toBeVisible();
    expect(stored.find((record) => record.original_filename === pdf)).toMatchObject({ mime_type: 'application/pdf' });

    // Copy link: the clipboard holds the public file address, the same the "open" link uses.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await imageCard.getByRole('button', { name: `Copiar link de ${image}` }).click();
    await expect(page.getByText('Link copiado para a área de transferência!')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${new URL(baseURL!).origin}/api/files/${storedImage.collectionId}/${storedImage.id}/${storedImage.file}`);
    const open = imageCard.getByRole('link', { name: `Abrir ${image} em nova aba` });
    await expect(open).toHaveAttribute('href', link);
    await expect(open).toHaveAttribute('target', '_blank');
    const file = await page.request.get(link);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(PNG)).toBe(true);

    // Alternative text, saved through the data provider.
    await imageCard.getByRole('button', { name: `Editar texto alternativo de ${image}` }).click();
    const altDialog = page.getByRole('dialog', { name: 'Texto alternativo' });
    await altDialog.getByRole('textbox', { name: 'Texto alternativo' }).fill(`Placa controladora ${tag}`);
    await altDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Arquivo atualizado com sucesso!')).toBeVisible();
    await expect(altDialog).toBeHidden();
    await expect(imageCard.getByText(`Texto alternativo: Placa controladora ${tag}`)).toBeVisible();
    await expect(imageCard.locator('img')).toHaveAttribute('alt', `Placa controladora ${tag}`);
    const client = await superuser();
    expect((await client.collection('media').getOne(storedImage.id)).alt_text).toBe(`Placa controladora ${tag}`);

    // Marked decorative there: no text kept, the card says so.
    await imageCard.getByRole('button', { name: `Editar texto alternativo de ${image}` }).click();
    await altDialog.getByRole('checkbox', { name: 'Imagem decorativa (sem texto alternativo)' }).check();
    await expect(altDialog.getByRole('textbox', { name: 'Texto alternativo' })).toBeDisabled();
    await altDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(altDialog).toBeHidden();
    await expect(imageCard.getByText('Imagem decorativa', { exact: true })).toBeVisible();
    await expect(imageCard.locator('img')).toHaveAttribute('alt', '');
    expect(await client.collection('media').getOne(storedImage.id)).toMatchObject({ decorative: true, alt_text: '' });

    // Delete, after the confirmation: the file used nowhere goes to Mídia excluída.
    await pdfCard.getByRole('button', { name: `Excluir ${pdf}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir arquivo' });
    await expect(confirm.getByText('Tem certeza que deseja excluir este arquivo?')).toBeVisible();
    await expect(confirm.getByText('Não é usado em nenhum post, página ou configuração.')).toBeVisible();
    await expect(confirm.getByText('O arquivo vai para Mídia excluída, de onde pode ser restaurado por 30 dias.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Arquivo excluído com sucesso!')).toBeVisible();
    await expect(pdfCard).toBeHidden();
    await expect(imageCard).toBeVisible();
    const left = await storedMedia(tag);
    expect(left.filter((record) => !record.deleted_at).map((record) => record.original_filename)).toEqual([image]);
    expect(left.find((record) => record.original_filename === pdf)?.deleted_by).toBe(editor.fullName);

    // Used nowhere, it can be deleted for good from there.
    await page.getByRole('link', { name: 'Mídia excluída' }).click();
    const trashed = page.getByTestId('deleted-media').filter({ hasText: pdf });
    await expect(trashed.getByText('Não é usado em nenhum post, página ou configuração.')).toBeVisible();
    await trashed.getByRole('button', { name: `Excluir definitivamente: ${pdf}` }).click();
    const forGood = page.getByRole('dialog', { name: 'Excluir definitivamente' });
    await expect(forGood).toContainText(`O arquivo "${pdf}" será excluído definitivamente e não poderá mais ser restaurado.`);
    await forGood.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText(`Arquivo "${pdf}" excluído definitivamente.`)).toBeVisible();
    await expect(trashed).toHaveCount(0);
    expect((await storedMedia(tag)).map((record) => record.original_filename)).toEqual([image]);
  } finally {
    await removeStored(tag);
  }
});

test('a file used by a published post: deleting it lists the post, the file waits in Mídia excluída still loading, and comes back', async ({
  page,
}) => {
  const tag = tagged();
  const image = `placa-${tag}.png`;
  const editor = await signedInAs(page, 'editor', '/admin/media');
  const client = await superuser();
  // Removed before the file in `finally`: a file still used cannot be deleted for good,
  // and that refusal would hide the failure that got us there.
  let postId: string | undefined;
  try {
    const dialog = await openUploadDialog(page);
    await dialog.getByTestId('media-file-input').setInputFiles([{ name: image, mimeType: 'image/png', buffer: PNG }]);
    await dialog.getByRole('textbox', { name: 'Texto alternativo' }).fill(`Placa ${tag}`);
    await dialog.getByRole('button', { name: 'Enviar Arquivos' }).click();
    await expect(page.getByText('1 arquivo(s) enviado(s) com sucesso!')).toBeVisible();
    const [media] = await storedMedia(tag);
    const url = `/api/files/media/${media!.id}/${media!.file}`;
    const post = await client.collection('posts').create({
      title: `Post com a placa ${tag}`,
      slug: `post-com-a-placa-${tag}`,
      category: 'Técnico',
      status: 'published',
      author: editor.id,
      content: `Veja a placa:\n\n![Placa ${tag}](${url})`,
    });
    postId = post.id;

    await search(page, tag);
    const card = page.getByRole('article', { name: image });
    await card.getByRole('button', { name: `Excluir ${image}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir arquivo' });
    await expect(confirm.getByText('Tem certeza que deseja excluir este arquivo?')).toBeVisible();
    const places = confirm.getByRole('list', { name: 'Usado em:' });
    const postLink = places.getByRole('link', { name: `Post "${post.title}" (Publicado)` });
    await expect(postLink, 'the places are listed before deleting').toBeVisible();
    await expect(postLink).toHaveAttribute('href', `/admin/posts/${post.id}`);
    await expect(confirm.getByRole('alert')).toContainText('continua aparecendo neles');
    expect(await wcagViolations(page, 'Excluir arquivo', { legacyMode: true })).toEqual([]);
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Arquivo excluído com sucesso!')).toBeVisible();
    await expect(card).toBeHidden();

    // The published post's image still loads, from the address the post holds.
    const served = await page.request.get(url);
    expect(served.status(), 'the image of the live post').toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    await page.goto(`/admin/posts/${post.id}`);
    const inPost = page.locator(`img[src$="${url}"]`).first();
    await expect(inPost).toBeVisible();
    await expect.poll(() => inPost.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // In the trash, with who deleted it and where it is still used; restored from there.
    await page.goto('/admin/media');
    await page.getByRole('link', { name: 'Mídia excluída' }).click();
    await expect(page.getByRole('heading', { name: 'Mídia excluída', level: 1 })).toBeVisible();
    const trashed = page.getByTestId('deleted-media').filter({ hasText: image });
    await expect(trashed).toContainText(`excluído por ${editor.fullName}`);
    await expect(trashed.getByRole('link', { name: `Post "${post.title}" (Publicado)` })).toBeVisible();
    await expect(trashed.getByRole('button', { name: `Excluir definitivamente: ${image}` }), 'still used').toBeDisabled();
    expect(await wcagViolations(page, 'Mídia excluída', { legacyMode: true })).toEqual([]);
    await trashed.getByRole('button', { name: `Restaurar arquivo: ${image}` }).click();
    await expect(page.getByText(`Arquivo "${image}" restaurado para a biblioteca de mídia.`)).toBeVisible();
    await expect(trashed).toHaveCount(0);
    expect((await client.collection('media').getOne(media!.id)).deleted_at).toBe('');

    // Back in the library; its edit dialog says where it is used.
    await page.goto('/admin/media');
    await search(page, tag);
    await page.getByRole('button', { name: `Editar texto alternativo de ${image}` }).click();
    const edit = page.getByRole('dialog', { name: 'Texto alternativo' });
    const usage = edit.getByRole('region', { name: 'Onde é usado' });
    await usage.getByRole('link', { name: `Post "${post.title}" (Publicado)` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/posts/${post.id}$`));
  } finally {
    if (postId) await client.collection('posts').delete(postId);
    await removeStored(tag);
  }
});

test('the quick action opens the dialog; files refused by the client never reach the server', async ({ page, consoleErrors }) => {
  const tag = tagged();
  await signedInAs(page, 'admin', '/admin');
  await page.getByRole('link', { name: 'Upload de Mídia' }).click();
  await expect(page).toHaveURL(/\/admin\/media\?upload=1$/);
  const dialog = page.getByRole('dialog', { name: 'Upload de Mídia' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByTestId('media-file-input');
  const send = dialog.getByRole('button', { name: 'Enviar Arquivos' });

  // Dropped on the zone; the 11 MB file is made in the page (no 11 MB through the test driver).
  const dropped = await page.evaluateHandle((tag) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['MZ'], `instalador-${tag}.exe`, { type: 'application/x-msdownload' }));
    transfer.items.add(new File([new Uint8Array(11 * 1024 * 1024)], `grande-${tag}.pdf`, { type: 'application/pdf' }));
    return transfer;
  }, tag);
  await dialog
    .getByRole('button', { name: 'Arraste e solte arquivos aqui, ou clique para selecionar' })
    .dispatchEvent('drop', { dataTransfer: dropped });
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText(`instalador-${tag}.exe: File type must be one of .jpeg, .jpg, .png, .gif, .webp, .pdf`);
  await expect(refusal).toContainText(`grande-${tag}.pdf: File is larger than 10485760 bytes`);
  await expect(dialog.getByRole('list', { name: 'Arquivos selecionados' })).toHaveCount(0);
  await expect(send).toBeDisabled();

  // More than 10 files at once: the whole batch is refused.
  await input.setInputFiles(
    Array.from({ length: 11 }, (_, i) => ({ name: `lote-${tag}-${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`${i}`) })),
  );
  await expect(refusal).toContainText('Too many files');
  await expect(send).toBeDisabled();

  // A valid file enables sending; removing it disables it again.
  await input.setInputFiles([{ name: `nota-${tag}.txt`, mimeType: 'text/plain', buffer: Buffer.from('Olá') }]);
  await expect(send).toBeEnabled();
  await dialog.getByRole('button', { name: `Remover nota-${tag}.txt` }).click();
  await expect(send).toBeDisabled();

  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/media$/);
  expect(await storedMedia(tag)).toEqual([]);
  // The library behind the dialog lists every test's files; another test may delete one
  // between the list and its thumbnail (a 404 the browser logs).
  allowConsoleErrors(consoleErrors, /status of 404/);
});

test('each image is asked its own alternative text before the upload, and goes without one only marked decorative', async ({
  page,
  consoleErrors,
}) => {
  const tag = tagged();
  const photo = `placa-${tag}.png`;
  const ornament = `ornamento-${tag}.png`;
  await signedInAs(page, 'editor', '/admin/media');
  try {
    const dialog = await openUploadDialog(page);
    await dialog.getByTestId('media-file-input').setInputFiles([
      { name: photo, mimeType: 'image/png', buffer: PNG },
      { name: ornament, mimeType: 'image/png', buffer: PNG },
    ]);
    const chosen = dialog.getByRole('list', { name: 'Arquivos selecionados' });
    const photoAsked = chosen.getByRole('group', { name: photo });
    const ornamentAsked = chosen.getByRole('group', { name: ornament });
    const send = dialog.getByRole('button', { name: 'Enviar Arquivos' });
    const question = 'Escreva o texto alternativo ou marque a imagem como decorativa.';

    // Picking the files sent nothing; describing one image leaves the other one asked.
    expect(await storedMedia(tag), 'picking a file uploads nothing').toEqual([]);
    await photoAsked.getByRole('textbox', { name: 'Texto alternativo' }).fill(`Placa controladora ${tag}`);
    await send.click();
    await expect(ornamentAsked.getByText(question)).toBeVisible();
    await expect(photoAsked.getByText(question)).toHaveCount(0);
    expect(await storedMedia(tag), 'nothing is sent while one image is undescribed').toEqual([]);

    // The only way past the question without a text: the decorative mark.
    await ornamentAsked.getByRole('checkbox', { name: 'Imagem decorativa (sem texto alternativo)' }).check();
    await send.click();
    await expect(page.getByText('2 arquivo(s) enviado(s) com sucesso!')).toBeVisible();
    const stored = await storedMedia(tag);
    expect(stored.find((record) => record.original_filename === photo)).toMatchObject({
      alt_text: `Placa controladora ${tag}`,
      decorative: false,
    });
    expect(stored.find((record) => record.original_filename === ornament)).toMatchObject({ alt_text: '', decorative: true });
  } finally {
    await removeStored(tag);
  }
  // The library behind the dialog lists every test's files; another test may delete one
  // between the list and its thumbnail (a 404 the browser logs).
  allowConsoleErrors(consoleErrors, /status of 404/);
});

test('a file that only looks like an image is refused by the server with the spec toast', async ({ page, consoleErrors }) => {
  const tag = tagged();
  await signedInAs(page, 'editor', '/admin/media?upload=1');
  const dialog = page.getByRole('dialog', { name: 'Upload de Mídia' });
  await dialog.getByTestId('media-file-input').setInputFiles([
    {
      name: `falsa-${tag}.png`,
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><html><body>não é imagem</body></html>'),
    },
  ]);
  // Marked decorative, so the server is what refuses it.
  await dialog.getByRole('checkbox', { name: 'Imagem decorativa (sem texto alternativo)' }).check();
  await dialog.getByRole('button', { name: 'Enviar Arquivos' }).click();
  await expect(page.getByText('Erro ao enviar arquivo: Arquivo: Tipo de arquivo não permitido.').first()).toBeVisible();
  // The dialog stays open with the file, to remove it or try again.
  await expect(dialog.getByRole('list', { name: 'Arquivos selecionados' }).getByText(`falsa-${tag}.png`)).toBeVisible();
  expect(await storedMedia(tag)).toEqual([]);
  allowConsoleErrors(consoleErrors, /status of 400/);
});

test('an author uploads, edits only their own file and sees no delete button', async ({ page }) => {
  const tag = tagged();
  const client = await superuser();
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), `equipe-${tag}.png`);
  await client.collection('media').create(form);
  try {
    await signedInAs(page, 'author', '/admin/media');
    const dialog = await openUploadDialog(page);
    // Dropped on the zone, as a file dragged from the desktop.
    const dropped = await page.evaluateHandle((name) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['Notas do autor'], name, { type: 'text/plain' }));
      return transfer;
    }, `meu-${tag}.txt`);
    await dialog
      .getByRole('button', { name: 'Arraste e solte arquivos aqui, ou clique para selecionar' })
      .dispatchEvent('dragenter', { dataTransfer: dropped });
    const zone = dialog.getByRole('button', { name: 'Solte os arquivos aqui' });
    await expect(zone).toBeVisible();
    await zone.dispatchEvent('drop', { dataTransfer: dropped });
    await expect(dialog.getByRole('list', { name: 'Arquivos selecionados' }).getByText(`meu-${tag}.txt`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Enviar Arquivos' }).click();
    await expect(page.getByText('1 arquivo(s) enviado(s) com sucesso!')).toBeVisible();

    await search(page, tag);
    const own = page.getByRole('article', { name: `meu-${tag}.txt` });
    const other = page.getByRole('article', { name: `equipe-${tag}.png` });
    await expect(own).toBeVisible();
    await expect(other).toBeVisible();
    await expect(own.getByText('14 Bytes', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Excluir/ })).toHaveCount(0);
    await expect(own.getByRole('button', { name: /Editar texto alternativo/ })).toBeVisible();
    await expect(other.getByRole('button', { name: /Editar texto alternativo/ })).toHaveCount(0);
    await expect(other.getByRole('button', { name: /Copiar link/ })).toBeVisible();
  } finally {
    await removeStored(tag);
  }
});

/** Creates media files as a superuser (no uploader): the picker's library. */
async function seedMedia(files: { name: string; body: Buffer; type: string; alt?: string }[]) {
  const client = await superuser();
  const records = [];
  for (const { name, body, type, alt } of files) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)], { type }), name);
    if (alt) form.append('alt_text', alt);
    records.push(await client.collection('media').create(form));
  }
  return records;
}

test("the editor's 'Imagem' opens the library picker: search, 'Carregar mais', the missing alt text asked and saved, upload inside", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const tag = tagged();
  await seedMedia(
    Array.from({ length: 25 }, (_, i) => ({ name: `lote-${tag}-${i}.png`, body: PNG, type: 'image/png', alt: `Lote ${i}` })),
  );
  // Newest first: these two come before the batch.
  const [undescribed] = await seedMedia([
    { name: `peca-${tag}.png`, body: PNG, type: 'image/png' },
    { name: `manual-${tag}.pdf`, body: PDF, type: 'application/pdf' },
  ]);
  try {
    await signedInAs(page, 'editor', '/admin/posts/create');
    const openPicker = async () => {
      await page.getByRole('button', { name: 'Imagem', exact: true }).click();
      const picker = page.getByRole('dialog', { name: 'Inserir imagem' });
      await expect(picker).toBeVisible();
      return picker;
    };
    let picker = await openPicker();
    const grid = picker.getByRole('list', { name: 'Imagens da biblioteca' });

    // Only images, searched on the server; older ones behind 'Carregar mais'.
    await picker.getByRole('searchbox', { name: 'Buscar imagens' }).fill(`lote-${tag}`);
    // The search waits for typing to pause: until it lands, the grid lists the unfiltered
    // library (24 images, 'peca' first, so at most 23 of the batch), whose 'Carregar mais' is another.
    await expect(grid.getByRole('listitem').filter({ hasText: `lote-${tag}` })).toHaveCount(24);
    await expect(grid.getByRole('listitem')).toHaveCount(24);
    await picker.getByRole('button', { name: 'Carregar mais' }).click();
    await expect(grid.getByRole('listitem')).toHaveCount(25);
    await expect(picker.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
    await picker.getByRole('searchbox', { name: 'Buscar imagens' }).fill(tag);
    await expect(grid.getByRole('button', { name: `Escolher peca-${tag}.png` })).toBeVisible();
    await expect(grid.getByRole('button', { name: `Escolher manual-${tag}.pdf` })).toHaveCount(0);

    // Chosen with the keyboard; it has no alternative text, so the dialog asks for it first.
    await grid.getByRole('button', { name: `Escolher peca-${tag}.png` }).focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Texto alternativo da imagem' });
    await ask.getByRole('button', { name: 'Salvar e inserir' }).click();
    await expect(ask.getByText('Escreva o texto alternativo ou marque a imagem como decorativa.')).toBeVisible();
    await ask.getByRole('textbox', { name: 'Texto alternativo' }).fill(`Peça usinada ${tag}`);
    await ask.getByRole('button', { name: 'Salvar e inserir' }).click();
    await expect(ask).toBeHidden();
    const inserted = page.getByRole('img', { name: `Peça usinada ${tag}` });
    await expect(inserted).toHaveAttribute('src', new RegExp(`/api/files/media/${undescribed!.id}/${undescribed!.file}$`));
    const client = await superuser();
    expect(await client.collection('media').getOne(undescribed!.id)).toMatchObject({ alt_text: `Peça usinada ${tag}` });

    // Uploaded inside the picker: asked before sending, then inserted.
    picker = await openPicker();
    await picker.getByRole('tab', { name: 'Enviar imagem' }).click();
    await picker.getByTestId('media-file-input').setInputFiles([{ name: `nova-${tag}.png`, mimeType: 'image/png', buffer: PNG }]);
    await picker.getByRole('button', { name: 'Enviar e inserir' }).click();
    await expect(picker.getByText('Escreva o texto alternativo ou marque a imagem como decorativa.')).toBeVisible();
    expect(await storedMedia(`nova-${tag}`)).toEqual([]);
    await picker.getByRole('checkbox', { name: 'Imagem decorativa (sem texto alternativo)' }).check();
    await picker.getByRole('button', { name: 'Enviar e inserir' }).click();
    await expect(picker).toBeHidden();
    const [uploaded] = await storedMedia(`nova-${tag}`);
    expect(uploaded).toMatchObject({ decorative: true, alt_text: '', width: 1, height: 1 });
    await expect(page.locator(`img[src$="/api/files/media/${uploaded!.id}/${uploaded!.file}"]`)).toHaveAttribute('alt', '');
    // The picker first lists every test's images; another test may delete one before its thumbnail loads.
    allowConsoleErrors(consoleErrors, /status of 404/);
  } finally {
    await removeStored(tag);
  }
});
