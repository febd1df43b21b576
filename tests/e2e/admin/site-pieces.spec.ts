/**
 * 'Depoimentos', 'Perguntas frequentes' and 'Parceiros' in the admin against a real
 * PocketBase: an editor sees the server's own refusal before saving (nothing is sent),
 * then creates a question and a testimonial, edits the question and deletes both; each
 * change is read back from the server. A testimonial's 'Histórico' shows what changed and
 * restores the version before. An editor adds a partner whose logo is uploaded to Mídia
 * from the form. Authors see none of these screens.
 */
import { randomBytes } from 'node:crypto';
import { png } from '../../helpers/images';
import { test, expect } from '../fixtures';
import { signedInAs, superuser } from '../../helpers/staff';

const FIRST_SCREEN = { timeout: 15_000 };

test('an editor adds, edits and deletes a frequently asked question', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const question = `Vocês atendem exportação ${tag}?`;
  await signedInAs(page, 'editor', '/admin/faq/create');
  await page.getByRole('textbox', { name: 'Pergunta' }).fill('Exporta?', FIRST_SCREEN);
  await page.getByRole('textbox', { name: 'Resposta' }).fill('Sim.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Pergunta: no mínimo 10 caracteres.')).toBeVisible();
  await expect(page.getByText('Resposta: no mínimo 30 caracteres.')).toBeVisible();
  const client = await superuser();
  expect(
    await client.collection('faq_entries').getList(1, 1, { filter: client.filter('question ~ {:tag}', { tag }) }),
  ).toMatchObject({
    totalItems: 0,
  });

  await page.getByRole('textbox', { name: 'Pergunta' }).fill(question);
  await page.getByRole('textbox', { name: 'Resposta' }).fill('Sim: exportamos para o Mercosul, com a documentação em espanhol.');
  await page.getByRole('spinbutton', { name: 'Ordem' }).fill('9');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Pergunta criada.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(tag) });
  await expect(row).toBeVisible();
  const saved = await client.collection('faq_entries').getFirstListItem(client.filter('question = {:question}', { question }));
  expect(saved).toMatchObject({ order: 9 });

  await row.getByText(question).click();
  await page
    .getByRole('textbox', { name: 'Resposta' })
    .fill('Sim: exportamos para o Mercosul e para a América Central, com rastreio.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Pergunta salva.')).toBeVisible();
  expect((await client.collection('faq_entries').getOne(saved.id)).answer).toMatch(/América Central/);

  await page
    .getByRole('row', { name: new RegExp(tag) })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Pergunta excluída.')).toBeVisible();
  expect(await client.collection('faq_entries').getList(1, 1, { filter: `id = "${saved.id}"` })).toMatchObject({ totalItems: 0 });
});

test('an editor adds a testimonial to the Quem Somos list', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  await signedInAs(page, 'editor', '/admin/testimonials/create');
  await page.getByRole('textbox', { name: 'Nome' }).fill(`Rita ${tag}`, FIRST_SCREEN);
  await page.getByRole('textbox', { name: 'Empresa ou setor' }).fill('Fabricante de envasadoras');
  await page
    .getByRole('textbox', { name: 'Depoimento' })
    .fill('Trocamos três fornecedores por um só e o suporte responde no mesmo dia, com exemplo de código pronto.');
  await page.getByRole('radio', { name: 'Quem Somos' }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Depoimento criado.')).toBeVisible();
  const client = await superuser();
  const saved = await client
    .collection('testimonials')
    .getFirstListItem(client.filter('name = {:name}', { name: `Rita ${tag}` }));
  expect(saved).toMatchObject({ page: 'quem-somos', role: '', order: 1 });
  await client.collection('testimonials').delete(saved.id);
});

test("a testimonial's history compares two versions and restores the earlier one", async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const client = await superuser();
  const first = `O suporte respondeu no mesmo dia e o protótipo saiu em duas semanas ${tag}.`;
  const testimonial = await client
    .collection('testimonials')
    .create({ name: `Caio ${tag}`, company: 'Integrador de automação', quote: first, page: 'clientes', order: 998 });
  try {
    await signedInAs(page, 'editor', `/admin/testimonials/${testimonial.id}`);
    await page
      .getByRole('textbox', { name: 'Depoimento' })
      .fill(`O suporte respondeu no mesmo dia e a produção começou em um mês ${tag}.`, FIRST_SCREEN);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Depoimento salvo.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/testimonials$/);

    await page.goto(`/admin/testimonials/${testimonial.id}`);
    await page.getByRole('tab', { name: 'Histórico' }).click(FIRST_SCREEN);
    const versions = page.getByTestId('revision');
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText('depoimento');
    await expect(page.getByText('as 50 mais recentes são mantidas.', { exact: false })).toBeVisible();
    await versions
      .first()
      .getByRole('button', { name: /Ver diferenças/ })
      .click();
    const diff = page.getByTestId('version-diff');
    await expect(diff.locator('del')).toContainText(['protótipo']);
    await expect(diff.locator('ins')).toContainText(['produção']);
    await page.getByRole('button', { name: 'Fechar' }).click();

    await versions.nth(1).getByRole('button', { name: 'Restaurar esta versão' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restaurar esta versão' }).click();
    await expect(page.getByText('Versão restaurada: ela é agora a versão atual.')).toBeVisible();
    expect((await client.collection('testimonials').getOne(testimonial.id)).quote).toBe(first);
    await expect(versions).toHaveCount(3);
    await expect(versions.first()).toContainText('Restauração');
  } finally {
    await client.collection('testimonials').delete(testimonial.id);
  }
});

test('an editor adds a partner with a logo uploaded to Mídia; a seeded one shows its site logo', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  await signedInAs(page, 'editor', '/admin/partners');
  await expect(page.getByRole('row', { name: /FIESC/ }).getByRole('img', { name: /Federação das Indústrias/ })).toBeVisible(
    FIRST_SCREEN,
  );
  await page.getByRole('link', { name: 'Novo parceiro' }).click();
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(`WEG ${tag}`, FIRST_SCREEN);
  await page.getByRole('textbox', { name: 'Nome completo' }).fill(`WEG Equipamentos Elétricos ${tag}`);
  await page.getByRole('textbox', { name: 'Tipo' }).fill('Fabricante de motores');
  await page.getByRole('spinbutton', { name: 'Ordem' }).fill('20');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Escolha o logotipo na Mídia.')).toBeVisible();

  await page.getByRole('button', { name: 'Escolher imagem' }).click();
  const picker = page.getByRole('dialog', { name: 'Inserir imagem' });
  await picker.getByRole('tab', { name: 'Enviar imagem' }).click();
  await picker
    .getByTestId('media-file-input')
    .setInputFiles([{ name: `weg-${tag}.png`, mimeType: 'image/png', buffer: Buffer.from(png(320, 160)) }]);
  await picker.getByRole('textbox', { name: 'Texto alternativo' }).fill(`Logotipo da WEG ${tag}`);
  await picker.getByRole('button', { name: 'Enviar e inserir' }).click();
  await expect(picker).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('img', { name: `Imagem escolhida: Logotipo da WEG ${tag}` })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Parceiro criado.')).toBeVisible();

  const client = await superuser();
  const saved = await client.collection('partners').getFirstListItem(client.filter('name = {:name}', { name: `WEG ${tag}` }));
  const media = await client.collection('media').getOne(String(saved.logo));
  expect(saved).toMatchObject({ kind: 'Fabricante de motores', order: 20, builtin_logo: '' });
  expect(media).toMatchObject({ alt_text: `Logotipo da WEG ${tag}`, mime_type: 'image/png' });
  await expect(page.getByRole('row', { name: new RegExp(tag) }).getByRole('img')).toBeVisible();
  await client.collection('partners').delete(saved.id);

  const fiesc = await client.collection('partners').getFirstListItem('name = "FIESC"');
  await page.goto(`/admin/partners/${fiesc.id}`);
  await expect(page.getByText('Escolher uma imagem na Mídia o substitui.', { exact: false })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('img', { name: 'Logotipo atual, um arquivo do próprio site' })).toBeVisible();
});

test('authors see none of these screens', async ({ page }) => {
  await signedInAs(page, 'author', '/admin/faq');
  await expect(page.getByText('Você não tem permissão para editar as perguntas frequentes.')).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('menuitem', { name: 'Perguntas frequentes' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Depoimentos' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Parceiros' })).toHaveCount(0);
  await page.goto('/admin/partners');
  await expect(page.getByText('Você não tem permissão para editar os parceiros.')).toBeVisible(FIRST_SCREEN);
});
