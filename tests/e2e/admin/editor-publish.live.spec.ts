/**
 * Editors write as in Ghost or WordPress and what they publish looks like a git
 * article, against the product as `npm start` runs it (tests/helpers/live-stack.ts):
 * a post written with every tool of the visual editor (on a laptop, then on a
 * 390 px phone), an image from the library and one pasted, published and read on
 * the live site with the markup of a git article; a page written in two sections,
 * live with both; Word's HTML pasted as clean Markdown; a post found by the site search
 * once it is live; saving says when the change is live; a page put in the footer menu is
 * linked there, and a renamed page's old address redirects to its new one.
 */
import type { Page } from '@playwright/test';
import { allowConsoleErrors, expect } from '../fixtures';
import { linkPageInMenu, liveTest, openAdmin, publishTextPage } from '../live';
import { png } from '../../helpers/images';
import { markdownEditor, readMarkdown } from '../../helpers/editor';
import { waitUntilLive } from '../../helpers/live-stack';
import { addSection } from '../../helpers/page-sections';

const test = liveTest;

test.describe.configure({ mode: 'serial' });

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const tool = (page: Page, name: string) => markdownEditor(page, 'Conteúdo').getByRole('button', { name, exact: true });

/** Pastes an image file into the editor, as a screenshot pasted from the clipboard. */
async function pasteImage(page: Page, name: string, bytes: Uint8Array) {
  await page
    .locator('.ProseMirror')
    .first()
    .evaluate(
      (element, { name: fileName, data }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(data)], fileName, { type: 'image/png' }));
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
      },
      { name, data: [...bytes] },
    );
}

/** Writes a post with every tool of the toolbar and both ways of adding an image. */
async function writeWithEveryTool(page: Page, tag: string) {
  const body = page.locator('.ProseMirror').first();
  await body.click({ timeout: 20_000 });
  // Markdown shortcuts: '## ' for a heading, '- ' for a list; Ctrl+B and Ctrl+K.
  await page.keyboard.type(`## Ligação do sensor ${tag}`);
  await page.keyboard.press('Enter');
  await tool(page, 'Subtítulo H3').click();
  await page.keyboard.type('Materiais');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Use um ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('padrão');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' e ');
  await tool(page, 'Itálico').click();
  await page.keyboard.type('cuidado');
  await tool(page, 'Itálico').click();
  await page.keyboard.type(' com ');
  await tool(page, 'Código').click();
  await page.keyboard.type('analogRead');
  await tool(page, 'Código').click();
  await page.keyboard.type('. Veja o ');
  await page.keyboard.press('Control+k');
  const link = page.getByRole('dialog', { name: 'Inserir link' });
  await link.getByRole('textbox', { name: 'Texto' }).fill('datasheet');
  await link.getByRole('textbox', { name: 'Endereço' }).fill('exemplo.com/ds.pdf');
  await link.getByRole('button', { name: 'Salvar' }).click();
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- item um');
  await page.keyboard.press('Enter');
  await page.keyboard.type('item dois');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await tool(page, 'Lista numerada').click();
  await page.keyboard.type('passo um');
  await page.keyboard.press('Enter');
  await page.keyboard.type('passo dois');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await tool(page, 'Citação').click();
  await page.keyboard.type('Meça duas vezes.');
  await page.keyboard.press('Enter');
  await tool(page, 'Citação').click();
  // Undo and redo.
  await page.keyboard.type('rascunho');
  await tool(page, 'Desfazer').click();
  await expect(body).not.toContainText('rascunho');
  await tool(page, 'Refazer').click();
  await expect(body).toContainText('rascunho');
  await tool(page, 'Desfazer').click();
  await expect(body).not.toContainText('rascunho');
  await tool(page, 'Linha horizontal').click();
  // A code block, then its language.
  await tool(page, 'Bloco de código').click();
  await page.getByRole('combobox', { name: 'Linguagem do bloco de código' }).click();
  await page.getByRole('option', { name: 'C++ / Arduino' }).click();
  await body.locator('pre').click();
  await page.keyboard.type('int leitura = analogRead(34);');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  // An image from the library, uploaded inside the picker with its alternative text.
  await tool(page, 'Imagem').click();
  const picker = page.getByRole('dialog', { name: 'Inserir imagem' });
  await picker.getByRole('tab', { name: 'Enviar imagem' }).click();
  await picker
    .getByTestId('media-file-input')
    .setInputFiles([{ name: `placa-${tag}.png`, mimeType: 'image/png', buffer: Buffer.from(png(1200, 800)) }]);
  await picker.getByRole('textbox', { name: 'Texto alternativo' }).fill(`Placa OPS010 ${tag} vista de cima`);
  await picker.getByRole('button', { name: 'Enviar e inserir' }).click();
  await expect(picker).toBeHidden({ timeout: 20_000 });
  // A pasted image: its alternative text asked, then uploaded to Mídia.
  await pasteImage(page, `colada-${tag}.png`, png(640, 480));
  const ask = page.getByRole('dialog', { name: 'Texto alternativo da imagem' });
  await ask.getByRole('textbox', { name: 'Texto alternativo' }).fill(`Esquema de ligação ${tag}`);
  await ask.getByRole('button', { name: 'Inserir imagem' }).click();
  await expect(body.getByRole('img', { name: `Esquema de ligação ${tag}` })).toBeVisible({ timeout: 20_000 });
  // A table at the end.
  await body.press('Control+End');
  await tool(page, 'Tabela').click();
  await page.keyboard.type('Pino');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Função');
}

async function publishPost(page: Page, title: string) {
  await field(page, 'Título').fill(title);
  await field(page, 'Resumo').fill('Um post escrito no editor visual, com todas as ferramentas.');
  await field(page, 'Tags').fill('editor, testes');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Publicado', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Post criado com sucesso!')).toBeVisible({ timeout: 20_000 });
}

/** The live article has the markup of a git article. */
async function expectArticleMarkup(page: Page, path: string, tag: string) {
  await page.goto(path);
  const article = page.locator('.prose-article');
  await expect(article.locator(`h2#ligação-do-sensor-${tag}`)).toBeVisible();
  await expect(article.locator('h3#materiais')).toBeVisible();
  await expect(article.locator('pre.astro-code[data-language="cpp"] span[style*="color"]').first()).toBeVisible();
  await expect(article.locator('.table-scroll[role="region"] table th').first()).toHaveText('Pino');
  await expect(article.locator('a[href="https://exemplo.com/ds.pdf"]')).toHaveAttribute('target', '_blank');
  await expect(article.locator('a[href="https://exemplo.com/ds.pdf"] .sr-only')).toHaveText(' (abre em nova aba)');
  const placa = article.getByRole('img', { name: `Placa OPS010 ${tag} vista de cima` });
  await expect(placa).toHaveAttribute('width', '1200');
  await expect(placa).toHaveAttribute('height', '800');
  await expect(placa).toHaveAttribute('srcset', /\?thumb=480x0 480w, .*\?thumb=768x0 768w, .* 1200w$/);
  await expect(placa).toHaveAttribute('loading', 'lazy');
  await expect(article.getByRole('img', { name: `Esquema de ligação ${tag}` })).toHaveAttribute('width', '640');
  for (const selector of ['strong', 'em', 'code', 'ul li', 'ol li', 'blockquote', 'hr'])
    await expect(article.locator(selector).first(), selector).toBeAttached();
}

for (const { name, viewport } of [
  { name: 'on a laptop', viewport: { width: 1280, height: 900 } },
  { name: 'on a 390 px phone', viewport: { width: 390, height: 844 } },
]) {
  test(`${name}, an editor writes a post with every tool and two images; it goes live as a git article looks`, async ({
    page,
    admin,
    stack,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    const tag = String(viewport.width);
    await openAdmin(page, admin, '/admin/posts/create');
    await writeWithEveryTool(page, tag);
    const markdown = await readMarkdown(page, 'Conteúdo');
    for (const written of [
      `## Ligação do sensor ${tag}`,
      '### Materiais',
      '**padrão**',
      '*cuidado*',
      '`analogRead`',
      '[datasheet](https://exemplo.com/ds.pdf)',
      '- item um',
      '1. passo um',
      '> Meça duas vezes.',
      '---',
      '```cpp\nint leitura = analogRead(34);',
      `![Placa OPS010 ${tag} vista de cima](/api/files/media/`,
      `![Esquema de ligação ${tag}](/api/files/media/`,
      '| Pino | Função |',
    ])
      expect(markdown, written).toContain(written);
    const title = `Editor visual ${tag}`;
    await publishPost(page, title);
    await waitUntilLive(stack, `/blog/editor-visual-${tag}`);
    await expectArticleMarkup(page, `/blog/editor-visual-${tag}`, tag);
  });
}

test('a page written in two sections goes live with both', async ({ page, admin, stack }) => {
  test.setTimeout(240_000);
  await openAdmin(page, admin, '/admin/pages/create');
  await field(page, 'Nome').fill('Programa de parceiros', { timeout: 20_000 });
  for (const [title, text] of [
    ['Como funciona', 'Integradores indicam clientes e recebem suporte.'],
    ['Quem pode participar', 'Empresas de automação com técnico responsável.'],
  ]) {
    const section = await addSection(page, 'Texto');
    await section.getByRole('textbox', { name: 'Título', exact: true }).fill(title!);
    await section.getByRole('textbox', { name: 'Texto', exact: true }).fill(text!);
  }
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Publicada', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página criada com sucesso!')).toBeVisible({ timeout: 20_000 });
  await waitUntilLive(stack, '/programa-de-parceiros');
  await page.goto('/programa-de-parceiros');
  // Each text section is a titled part of the page, in the order written.
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(['Como funciona', 'Quem pode participar']);
  await expect(main.getByRole('region', { name: 'Quem pode participar' })).toContainText(
    'Empresas de automação com técnico responsável.',
  );
});

test('a word only in a newly published CMS post is found by the site search once the post is live', async ({
  page,
  admin,
  stack,
}) => {
  test.setTimeout(240_000);
  const word = `anemometro${Date.now().toString(36)}`;
  const { token } = JSON.parse(admin) as { token: string };
  const created = await fetch(`${stack.url}/api/collections/posts/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify({
      title: 'Medição de vento na linha de produção',
      excerpt: 'Um sensor de vento ligado ao controlador.',
      content: `O ${word} mede a velocidade do vento e envia pulsos para a entrada rápida.`,
      category: 'Técnico',
      status: 'published',
    }),
  });
  expect(created.ok, await created.clone().text()).toBe(true);
  const { slug } = (await created.json()) as { slug: string };
  await waitUntilLive(stack, `/blog/${slug}`);

  await page.goto('/');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Buscar no site' });
  await dialog.getByRole('searchbox').fill(word);
  const found = dialog.getByRole('region', { name: 'Artigos' }).getByRole('link', { name: /Medição de vento/ });
  await expect(found).toBeVisible({ timeout: 15_000 });
  await expect(found.locator('mark')).toHaveText(word);
});

test("saving stays on the post's screen and says when the change is live; 'Ver no site' waits for that build", async ({
  page,
  admin,
  stack,
}) => {
  test.setTimeout(300_000);
  const { token } = JSON.parse(admin) as { token: string };
  const created = await fetch(`${stack.url}/api/collections/posts/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify({ title: 'Aterramento de painéis', content: 'Um texto.', category: 'Técnico', status: 'published' }),
  });
  const post = (await created.json()) as { id: string; slug: string };
  await waitUntilLive(stack, `/blog/${post.slug}`);

  await openAdmin(page, admin, `/admin/posts/${post.id}`);
  const status = page.getByRole('toolbar').getByRole('status');
  await expect(status).toHaveText(/^No ar desde \d\d:\d\d$/, { timeout: 60_000 });
  const word = `equipotencial${Date.now().toString(36)}`;
  await field(page, 'Título').fill(`Aterramento ${word} de painéis`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Post atualizado com sucesso!')).toBeVisible({ timeout: 20_000 });
  // Still on the post, with what was typed.
  await expect(page).toHaveURL(new RegExp(`/admin/posts/${post.id}$`));
  await expect(field(page, 'Título')).toHaveValue(`Aterramento ${word} de painéis`);
  await expect(status).toHaveText(/^Salvo às \d\d:\d\d · (Aguardando a publicação|Publicando)…$/);
  await expect(page.getByText('Ver no site (após a publicação)')).toBeVisible();
  await expect(status).toHaveText(/^No ar desde \d\d:\d\d$/, { timeout: 180_000 });
  // Live means live: the address 'Ver no site' opens already shows the change.
  const link = page.getByRole('link', { name: /^Ver no site/ });
  await expect(link).toHaveAttribute('href', `/blog/${post.slug}`);
  expect(await (await fetch(`${stack.url}/blog/${post.slug}`)).text()).toContain(word);
});

test('the search follows later publications: an edited post is found by its new words only, and a git article with a new comment is listed once', async ({
  page,
  admin,
  stack,
}) => {
  test.setTimeout(300_000);
  const { token } = JSON.parse(admin) as { token: string };
  const api = async (method: string, pathname: string, body: unknown, auth = token) => {
    const response = await fetch(`${stack.url}${pathname}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
      body: JSON.stringify(body),
    });
    expect(response.ok, await response.clone().text()).toBe(true);
    return (await response.json()) as { id: string; slug: string };
  };
  const search = async (words: string) => {
    await page.goto('/');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Buscar no site' });
    await dialog.getByRole('searchbox').fill(words);
    return dialog;
  };
  const before = `higrometro${Date.now().toString(36)}`;
  const after = `psicrometro${Date.now().toString(36)}`;
  const post = await api('POST', '/api/collections/posts/records', {
    title: 'Umidade do ar na sala de painéis',
    excerpt: 'Medir a umidade antes de energizar o painel.',
    content: `O ${before} indica a umidade relativa do ar.`,
    category: 'Técnico',
    status: 'published',
  });
  await waitUntilLive(stack, `/blog/${post.slug}`);
  await api('PATCH', `/api/collections/posts/records/${post.id}`, { content: `O ${after} indica a umidade relativa do ar.` });
  await expect.poll(async () => (await fetch(`${stack.url}/blog/${post.slug}`)).text(), { timeout: 180_000 }).toContain(after);

  let dialog = await search(after);
  await expect(dialog.getByRole('link', { name: /Umidade do ar na sala de painéis/ })).toBeVisible({ timeout: 15_000 });
  dialog = await search(before);
  await expect(dialog.getByText(`Nenhum resultado para “${before}”.`)).toBeVisible({ timeout: 15_000 });

  // A git article is in the base index; a comment (never indexed itself) makes a new version
  // of its page, which the later index holds: the base's version is dropped, the article listed once.
  const word = `amostragem${Date.now().toString(36)}`;
  const comment = await api(
    'POST',
    '/api/collections/comments/records',
    {
      article: 'funcao-map-no-arduino',
      name: 'Leitora atenta',
      email: 'leitora@exemplo.com.br',
      body: `Vale comentar a ${word} antes de mapear a leitura.`,
      consent: true,
    },
    '',
  );
  await api('PATCH', `/api/collections/comments/records/${comment.id}`, { status: 'approved' });
  await expect
    .poll(async () => (await fetch(`${stack.url}/blog/funcao-map-no-arduino`)).text(), { timeout: 180_000 })
    .toContain(word);
  dialog = await search('função map Arduino engana');
  const article = dialog.getByRole('link', { name: /A função map\(\) do Arduino/ });
  await expect(article.first()).toBeVisible({ timeout: 15_000 });
  await expect(article).toHaveCount(1);
});

test("a pasted image over Mídia's limits gets Mídia's pt-BR error and nothing is inserted", async ({
  page,
  admin,
  consoleErrors,
}) => {
  await openAdmin(page, admin, '/admin/posts/create');
  await page.locator('.ProseMirror').first().click({ timeout: 20_000 });
  // 12,000 pixels wide: the server refuses it by its header, before decoding it.
  await pasteImage(page, 'panorama.png', png(12_000, 2));
  const ask = page.getByRole('dialog', { name: 'Texto alternativo da imagem' });
  await ask.getByRole('textbox', { name: 'Texto alternativo' }).fill('Panorama da fábrica');
  await ask.getByRole('button', { name: 'Inserir imagem' }).click();
  await expect(page.getByText(/o limite é de 40 megapixels e de 10\.000 pixels de largura ou de altura/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('.ProseMirror img')).toHaveCount(0);
  expect(await readMarkdown(page, 'Conteúdo')).not.toContain('![');
  // Chromium logs the server's refusal (400) of the upload.
  allowConsoleErrors(consoleErrors, /status of 400/);
});

test('HTML pasted from Word becomes clean Markdown: no styles, spans or classes', async ({ page, admin }) => {
  await openAdmin(page, admin, '/admin/posts/create');
  const body = page.locator('.ProseMirror').first();
  await body.click({ timeout: 20_000 });
  const word =
    '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body><!--StartFragment-->' +
    '<p class="MsoNormal" style="margin:0cm;font-family:Calibri"><b><span style="font-size:14pt;color:#1F3864">Relatório</span></b>' +
    '<span style="mso-spacerun:yes"> </span><i>de campo</i><o:p></o:p></p>' +
    '<p class="MsoListParagraph" style="mso-list:l0 level1 lfo1"><span lang="PT-BR">Sensor&nbsp;calibrado</span></p>' +
    '<script>window.__colado = true</script><!--EndFragment--></body></html>';
  await body.evaluate((element, html) => {
    const transfer = new DataTransfer();
    transfer.setData('text/html', html);
    transfer.setData('text/plain', 'Relatório de campo\nSensor calibrado');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, word);
  await expect(body).toContainText('Relatório');
  const markdown = await readMarkdown(page, 'Conteúdo');
  expect(markdown).toContain('**Relatório**');
  expect(markdown).toContain('*de campo*');
  expect(markdown).toContain('Sensor');
  expect(markdown).not.toMatch(/<|style|class|Mso|span|script/i);
  expect(await page.evaluate(() => (window as unknown as { __colado?: boolean }).__colado)).toBeUndefined();
});

// On the live stack, as every *.live.spec.ts (the `live` project of playwright.config.ts).
test.describe('a page on the live site', () => {
  const name = 'Garantia estendida';

  test('a page put in the footer menu is linked there once published', async ({ page, admin, stack }) => {
    test.setTimeout(300_000);
    await publishTextPage(page, admin, name, { title: 'O que cobre', body: 'Defeitos de fabricação em uso normal.' });
    // The footer's first column, in 'Menu': a link to the page, chosen by name.
    await linkPageInMenu(page, admin, 'Rodapé: primeira coluna', name, name);

    await waitUntilLive(stack, '/garantia-estendida');
    // The page's own publication can go live before the menu's: wait for the one with the link.
    await waitUntilLive(stack, '/', 180_000, (html) => html.includes('href="/garantia-estendida"'));
    await page.goto('/');
    const footerLinks = page.getByRole('navigation', { name: 'Links rápidos' });
    await expect(footerLinks.getByRole('link', { name })).toHaveAttribute('href', '/garantia-estendida');
    // Not in the top menu: it was not asked for.
    await expect(page.getByRole('navigation', { name: 'Menu principal', exact: true }).getByRole('link', { name })).toHaveCount(
      0,
    );
  });

  test("renaming a published page's slug keeps its old address, redirected to the new one", async ({ page, admin, stack }) => {
    test.setTimeout(300_000);
    await openAdmin(page, admin, '/admin/pages');
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('link', { name: 'Editar' })
      .click({ timeout: 20_000 });
    await field(page, 'Slug').fill('garantia');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Página atualizada com sucesso!')).toBeVisible({ timeout: 20_000 });

    await waitUntilLive(stack, '/garantia');
    await waitUntilLive(stack, '/', 180_000, (html) => html.includes('href="/garantia"'));
    const old = await fetch(`${stack.url}/garantia-estendida`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/garantia');
    await page.goto('/garantia-estendida');
    await expect(page).toHaveURL(/\/garantia$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // The footer follows the page to its new address.
    await expect(page.getByRole('navigation', { name: 'Links rápidos' }).getByRole('link', { name })).toHaveAttribute(
      'href',
      '/garantia',
    );
  });
});
