/**
 * 'Depoimentos' and 'Perguntas frequentes' in the admin against a real PocketBase: an
 * editor sees the server's own refusal before saving (nothing is sent), then creates a
 * question and a testimonial, edits the question and deletes both; each change is read
 * back from the server. Authors see neither screen.
 */
import { randomBytes } from 'node:crypto';
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

test('authors see neither screen', async ({ page }) => {
  await signedInAs(page, 'author', '/admin/faq');
  await expect(page.getByText('Você não tem permissão para editar as perguntas frequentes.')).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('menuitem', { name: 'Perguntas frequentes' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Depoimentos' })).toHaveCount(0);
});
