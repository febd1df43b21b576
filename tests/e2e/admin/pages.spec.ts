/**
 * Site pages in the admin against a real PocketBase: an editor creates a page
 * (slug from the name, the meta description's live 'n/160' counter, which advises
 * but does not block), composes it of typed sections (added from the types' menu,
 * moved by keyboard and by drag, removed, checked by the server's own rules before
 * saving), edits it in the same form (name, slug, SEO fields, menus,
 * status), schedules it or hands it to review with a note that reviewers find under
 * 'Páginas para revisar', previews it in the site's look, and deletes it after its
 * confirmation; each change is read back from the server. Authors are denied. (On
 * the live site, a footer link and a renamed page's redirect: editor-publish.live.spec.ts.)
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { allowConsoleErrors, test, expect } from '../fixtures';
import { writeMarkdown } from '../../helpers/editor';
import { wcagViolations } from '../axe';
import { png } from '../../helpers/images';
import { addSection, openEveryFieldKind, sectionCards } from '../../helpers/page-sections';
import { createStaff, openAdminAs, signedInAs, superuser } from '../../helpers/staff';
import { formatDateTime } from '../../../src/lib/format';
import { scheduleInForm } from '../../helpers/schedule';

const FIRST_SCREEN = { timeout: 15_000 };
const unique = () => randomBytes(3).toString('hex');
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('an editor creates a page: slug from the name, meta description counter n/160 (advice only)', async ({ page }) => {
  await signedInAs(page, 'editor', '/admin/pages/create');
  const tag = unique();
  const name = `Página de Serviços ${tag}`;
  const slug = `pagina-de-servicos-${tag}`;

  await field(page, 'Nome').fill(name, FIRST_SCREEN);
  await expect(field(page, 'Slug')).toHaveValue(slug);
  await field(page, 'Título SEO').fill('Serviços de automação | Operium');

  const counter = page.locator('[data-meta-counter]');
  await expect(counter).toHaveText('0/160');
  await expect(page.getByText('A meta descrição deve ter no máximo 160 caracteres.')).toBeVisible();
  await field(page, 'Meta descrição').fill('Automação industrial sob medida.');
  await expect(counter).toHaveText('32/160');
  const long = 'Controladores, IHMs e painéis montados e testados pela nossa equipe. '.repeat(3).trim();
  expect(long.length).toBeGreaterThan(160);
  await field(page, 'Meta descrição').fill(long);
  await expect(counter).toHaveText(`${long.length}/160`);

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página criada com sucesso!')).toBeVisible();
  // Saving stays on the page's screen; the list is one click away.
  await page.getByRole('menuitem', { name: 'Páginas', exact: true }).click();
  const row = page.getByRole('row', { name: new RegExp(tag) });
  await expect(row.getByText('Rascunho', { exact: true })).toBeVisible();
  await expect(row.getByText(slug, { exact: true })).toBeVisible();

  const client = await superuser();
  const created = await client.collection('pages').getFirstListItem(client.filter('slug = {:slug}', { slug }));
  expect(created).toMatchObject({
    name,
    title: 'Serviços de automação | Operium',
    meta_description: long,
    status: 'draft',
    content: { sections: [] },
  });
});

test('an editor composes a page of typed sections: adds, reorders by keyboard and by drag, removes, and saves them in order', async ({
  page,
}) => {
  // A long walk through the editor: on a loaded machine it takes more than the default 30 s.
  test.setTimeout(120_000);
  await signedInAs(page, 'editor', '/admin/pages/create');
  const tag = unique();
  await field(page, 'Nome').fill(`Parceiros ${tag}`, FIRST_SCREEN);
  // Published with no section at all: refused before anything is sent.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Publicada', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Adicione conteúdo à página antes de publicá-la.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Rascunho', exact: true }).click();

  const cards = sectionCards(page);
  const grid = await addSection(page, 'Grade de cartões');
  await grid.getByRole('textbox', { name: 'Título', exact: true }).first().fill('Nossos valores');
  // Its limit is shown as posts show theirs.
  await expect(grid.getByRole('textbox', { name: 'Título', exact: true }).first()).toHaveAccessibleDescription(/14\/160/);
  for (const [title, description] of [
    ['Qualidade', 'Testamos cada placa.'],
    ['Prazo', 'Entregamos no combinado.'],
  ]) {
    await grid.getByRole('button', { name: 'Adicionar cartão' }).click();
    const item = grid.getByRole('listitem').last();
    await item.getByRole('textbox', { name: 'Título', exact: true }).fill(title!);
    await item.getByRole('textbox', { name: 'Descrição', exact: true }).fill(description!);
  }
  // A card removed: the focus goes to the card now last.
  await grid.getByRole('button', { name: 'Adicionar cartão' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  await grid.getByRole('button', { name: 'Remover Cartão 3' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await expect(grid.getByRole('button', { name: 'Remover Cartão 2' })).toBeFocused();
  // The cards of a grid move too: 'Prazo' goes first.
  await grid.getByRole('button', { name: 'Mover Cartão 2 para cima' }).click();
  await expect(grid.getByRole('listitem').first().getByRole('textbox', { name: 'Título', exact: true })).toHaveValue('Prazo');

  const header = await addSection(page, 'Cabeçalho da página');
  await header.getByRole('textbox', { name: 'Título', exact: true }).fill('Seja nosso parceiro');
  await header.getByRole('textbox', { name: 'Subtítulo', exact: true }).fill('Integradores de todo o Brasil.');
  const faq = await addSection(page, 'Perguntas frequentes');
  await faq.getByRole('textbox', { name: 'Título', exact: true }).fill('Dúvidas');
  const headers = () => cards.locator('[data-section-toggle]');
  await expect(headers()).toHaveText([/^1\. Grade de cartões/, /^2\. Cabeçalho da página/, /^3\. Perguntas frequentes/]);

  // By keyboard: the moved section keeps the focus, and the move is announced.
  const announced = page.getByRole('status').filter({ hasText: /^Seção movida/ });
  await faq.getByRole('button', { name: 'Mover para cima' }).focus();
  await page.keyboard.press('Enter');
  await expect(headers()).toHaveText([/Grade de cartões/, /Perguntas frequentes/, /Cabeçalho da página/]);
  await expect(cards.nth(1).getByRole('button', { name: 'Mover para cima' })).toBeFocused();
  await expect(announced).toHaveText('Seção movida para a posição 2 de 3');
  await page.keyboard.press('Enter');
  await expect(headers()).toHaveText([/Perguntas frequentes/, /Grade de cartões/, /Cabeçalho da página/]);
  // First now, it cannot go up: the focus is on its other move button.
  await expect(cards.nth(0).getByRole('button', { name: 'Mover para baixo' })).toBeFocused();
  await expect(announced).toHaveText('Seção movida para a posição 1 de 3');

  // By mouse, the sections closed to see them all: the header dragged by its handle onto
  // the top half of the first card.
  for (const toggle of await headers().all()) await toggle.click();
  await expect(cards.getByRole('button', { expanded: true })).toHaveCount(0);
  // The cards close with an animation: the drag starts once they stand still (on a loaded
  // machine a drag during it once landed on a card still moving).
  let boxes = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await Promise.all([0, 1, 2].map((index) => cards.nth(index).boundingBox())));
        const still = now === boxes;
        boxes = now;
        return still;
      },
      { intervals: [150] },
    )
    .toBe(true);
  await cards
    .nth(2)
    .locator('[data-drag-handle]')
    .dragTo(cards.nth(0), { targetPosition: { x: 200, y: 8 } });
  await expect(headers()).toHaveText([/Cabeçalho da página/, /Perguntas frequentes/, /Grade de cartões/]);
  await expect(announced).toHaveText('Seção movida para a posição 1 de 3');

  await page.getByRole('button', { name: 'Remover seção 2 (Perguntas frequentes: Dúvidas)' }).click();
  await expect(headers()).toHaveText([
    /^1\. Cabeçalho da página\s*Seja nosso parceiro/,
    /^2\. Grade de cartões\s*Nossos valores/,
  ]);

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página criada com sucesso!')).toBeVisible();
  const client = await superuser();
  const created = await client
    .collection('pages')
    .getFirstListItem(client.filter('slug = {:slug}', { slug: `parceiros-${tag}` }));
  // Saving goes on to the new page's own screen (it comes a moment after the notice).
  await expect(page).toHaveURL(new RegExp(`/admin/pages/${created.id}$`));
  const id = expect.stringMatching(/^[a-z0-9]{4,24}$/);
  expect(created.status).toBe('draft');
  expect(created.content.sections).toMatchObject([
    { id, type: 'page_header', eyebrow: '', title: 'Seja nosso parceiro', subtitle: 'Integradores de todo o Brasil.' },
    {
      id,
      type: 'cards',
      title: 'Nossos valores',
      style: 'outlined',
      tone: 'brand',
      items: [
        { title: 'Prazo', description: 'Entregamos no combinado.', icon: 'cpu' },
        { title: 'Qualidade', description: 'Testamos cada placa.', icon: 'cpu' },
      ],
    },
  ]);

  // Read back: the same sections, in the same order.
  await page.reload();
  await expect(headers()).toHaveText(
    [/^1\. Cabeçalho da página\s*Seja nosso parceiro/, /^2\. Grade de cartões\s*Nossos valores/],
    FIRST_SCREEN,
  );
  await headers().nth(1).click();
  await expect(cards.nth(1).getByRole('listitem').first().getByRole('textbox', { name: 'Título', exact: true })).toHaveValue(
    'Prazo',
  );
});

test('an empty required field shows its pt-BR problem at the field, opening its section, and nothing is saved', async ({
  page,
}) => {
  await signedInAs(page, 'editor', '/admin/pages/create');
  const tag = unique();
  await field(page, 'Nome').fill(`Mapa ${tag}`, FIRST_SCREEN);
  const map = await addSection(page, 'Mapa');
  const title = map.getByRole('textbox', { name: 'Título', exact: true });
  await expect(title).toBeVisible();
  // Closed, the section opens again when the save is refused.
  await map.locator('[data-section-toggle]').click();
  await expect(title).toBeHidden();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(title).toBeVisible();
  await expect(title).toHaveAccessibleDescription(/Preencha este campo\./);
  await expect(page.getByText('Corrija os problemas das seções antes de salvar.')).toBeVisible();
  const client = await superuser();
  const slug = `mapa-${tag}`;
  expect((await client.collection('pages').getList(1, 1, { filter: client.filter('slug = {:slug}', { slug }) })).totalItems).toBe(
    0,
  );

  // Filled in, the same form saves.
  await title.fill('Onde estamos');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página criada com sucesso!')).toBeVisible();
  const created = await client.collection('pages').getFirstListItem(client.filter('slug = {:slug}', { slug }));
  expect(created.content.sections).toMatchObject([{ type: 'map', title: 'Onde estamos' }]);
});

test('at 1366 px every field kind of the section editor is free of WCAG 2.1 A/AA violations; an image comes from Mídia with its alternative text', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  const client = await superuser();
  const form = new FormData();
  form.append('file', new Blob([png(4)], { type: 'image/png' }), `painel-${tag}.png`);
  form.append('alt_text', `Painel de comando ${tag}`);
  const image = await client.collection('media').create(form);
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signedInAs(page, 'editor', '/admin/pages/create');
    await field(page, 'Nome').fill(`Destaque ${tag}`, FIRST_SCREEN);
    const [hero] = await openEveryFieldKind(page);
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
    expect(await wcagViolations(page, 'Seções da página (1366 px)', { legacyMode: true, excludeFrames: true })).toEqual([]);

    // The image: chosen in the library's dialog, shown as its thumbnail, its text beside it.
    await hero!.getByRole('button', { name: 'Escolher imagem' }).click();
    const picker = page.getByRole('dialog', { name: 'Inserir imagem' });
    await picker.getByRole('searchbox', { name: 'Buscar imagens' }).fill(tag);
    await picker.getByRole('button', { name: `Escolher painel-${tag}.png` }).click();
    await expect(picker).toBeHidden();
    await expect(hero!.getByRole('img', { name: `Imagem escolhida: Painel de comando ${tag}` })).toBeVisible();
    await expect(hero!.getByRole('textbox', { name: 'Texto alternativo da imagem' })).toHaveValue(`Painel de comando ${tag}`);
    await expect(hero!.getByRole('button', { name: 'Trocar imagem' })).toBeVisible();
  } finally {
    await client.collection('media').delete(image.id);
  }
  // The thumbnail may still be asked for once its file is gone.
  allowConsoleErrors(consoleErrors, /status of 404/);
});

/** A `text` section, as shared/page-sections.js has it. */
const SEEDED_SECTION = {
  id: 'quemsomos1',
  type: 'text',
  title: 'Quem somos',
  note: '',
  body: 'Uma empresa de Joinville.',
  style: 'plain',
};

async function seedPage(tag: string) {
  const client = await superuser();
  return client.collection('pages').create({
    name: `Sobre nós ${tag}`,
    slug: `sobre-nos-${tag}`,
    title: 'Sobre',
    status: 'draft',
    content: { sections: [SEEDED_SECTION] },
  });
}

/** The form's fields by their labels, in order: what an editor fills in. */
async function formFields(page: Page) {
  const form = page.locator('form');
  await expect(form.getByRole('textbox', { name: 'Nome', exact: true })).toBeVisible(FIRST_SCREEN);
  // The sections show closed: their fields are not in view.
  await expect(form.getByRole('button', { name: 'Adicionar seção', exact: true })).toBeVisible(FIRST_SCREEN);
  return form
    .getByRole('textbox')
    .or(form.getByRole('switch'))
    .or(form.getByRole('spinbutton'))
    .evaluateAll((elements) =>
      elements.map((element) => (element as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\*$/, '').trim() ?? ''),
    );
}

test('the create and edit forms show the same fields: one SEO title, the meta description', async ({ page }) => {
  const [editor, tag] = [await createStaff('editor'), unique()];
  const created = await seedPage(tag);
  await openAdminAs(page, editor, '/admin/pages/create');
  const onCreate = await formFields(page);
  await openAdminAs(page, editor, `/admin/pages/${created.id}`);
  const onEdit = await formFields(page);
  expect(onEdit).toEqual(onCreate);
  expect(onCreate.slice(0, 4)).toEqual(['Nome', 'Slug', 'Título SEO', 'Meta descrição']);
  expect(onCreate).not.toContain('Meta título');
});

test('an editor renames a page and edits its SEO fields and status', async ({ page, consoleErrors }) => {
  // Two visits to the editor and three saves: on a loaded machine, more than the default 30 s.
  test.setTimeout(60_000);
  const [editor, tag] = [await createStaff('editor'), unique()];
  const created = await seedPage(tag);
  await openAdminAs(page, editor, `/admin/pages/${created.id}`);

  await expect(field(page, 'Nome')).toHaveValue(created.name, FIRST_SCREEN);
  // A draft whose slug still matches its name follows it, as a post's follows its title.
  await field(page, 'Nome').fill(`Quem somos ${tag}`);
  await expect(field(page, 'Slug')).toHaveValue(`quem-somos-${tag}`);
  await expect(field(page, 'Título SEO')).toHaveValue('Sobre');
  await field(page, 'Título SEO').fill('Sobre a Operium');
  await field(page, 'Meta descrição').fill('Projetos de automação sob medida.');
  await expect(page.locator('[data-meta-counter]')).toHaveText('33/160');
  await page.getByRole('combobox', { name: 'Status' }).click();
  // The posts' statuses, in the feminine of página.
  await expect(page.getByRole('option')).toHaveText(['Rascunho', 'Em revisão', 'Publicada', 'Agendada']);
  await page.getByRole('option', { name: 'Publicada', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página atualizada com sucesso!')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Páginas', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(tag) }).getByText('Publicada', { exact: true })).toBeVisible();
  const client = await superuser();
  expect(await client.collection('pages').getOne(created.id)).toMatchObject({
    name: `Quem somos ${tag}`,
    slug: `quem-somos-${tag}`,
    title: 'Sobre a Operium',
    meta_description: 'Projetos de automação sob medida.',
    status: 'published',
    // A draft had no address on the site to keep.
    old_slugs: [],
    content: { sections: [SEEDED_SECTION] },
  });

  // Now published: a slug taken by another page is refused next to the field.
  const other = await seedPage(unique());
  await openAdminAs(page, editor, `/admin/pages/${created.id}`);
  await field(page, 'Slug').fill(other.slug, FIRST_SCREEN);
  await expect(field(page, 'Slug')).toHaveAccessibleDescription(/endereço antigo continua levando a esta página/);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.getByText(`Já existe uma página com o endereço /${other.slug} (“${other.name}”); escolha outro slug.`).first(),
  ).toBeVisible();
  allowConsoleErrors(consoleErrors, /status of 400/);
});

test.describe('in a browser outside Brasília', () => {
  // The input is Brasília time whatever the browser's zone (src/lib/format.ts).
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('an editor schedules a page for a future Brasília time; the list shows it Agendada with its date', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    const [editor, tag] = [await createStaff('editor'), unique()];
    const created = await seedPage(tag);
    await openAdminAs(page, editor, `/admin/pages/${created.id}`);

    await expect(field(page, 'Nome')).toHaveValue(created.name, FIRST_SCREEN);
    const when = await scheduleInForm(page, 'Agendada', 'Data e hora (horário de Brasília) em que a página será publicada.');
    await expect(page.getByText('Página atualizada com sucesso!')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Páginas', exact: true }).click();
    const row = page.getByRole('row', { name: new RegExp(tag) });
    await expect(row.getByText('Agendada', { exact: true })).toBeVisible();
    await expect(row, 'a data da publicação, no horário de Brasília').toContainText(formatDateTime(when));

    const client = await superuser();
    const saved = await client.collection('pages').getOne(created.id);
    expect(saved.status).toBe('scheduled');
    expect(new Date(saved.published_at.replace(' ', 'T')).toISOString()).toBe(when.toISOString());
    allowConsoleErrors(consoleErrors, /status of 400/);
  });
});

test('an editor hands a page to review with a note; the reviewer finds it under Páginas para revisar and reads the note', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const [editor, reviewer, tag] = [await createStaff('editor'), await createStaff('editor'), unique()];
  const created = await seedPage(tag);
  const note = `Confira os números da seção Quem somos (${tag}).`;
  await openAdminAs(page, editor, `/admin/pages/${created.id}`);
  await expect(field(page, 'Nome')).toHaveValue(created.name, FIRST_SCREEN);
  await expect(field(page, 'Nota para a revisão')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Em revisão', exact: true }).click();
  await field(page, 'Nota para a revisão').fill(note);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página atualizada com sucesso!')).toBeVisible();

  await openAdminAs(page, reviewer, '/admin');
  // The entry may carry its count as a badge beside the label.
  await page.getByRole('menuitem', { name: /Páginas para revisar/ }).click(FIRST_SCREEN);
  const row = page.getByRole('row', { name: new RegExp(tag) });
  await expect(row.getByText('Em revisão', { exact: true })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('row').filter({ has: page.getByText('Rascunho', { exact: true }) })).toHaveCount(0);
  await row.getByText(created.name).click();
  await expect(field(page, 'Nota para a revisão')).toHaveValue(note, FIRST_SCREEN);

  const client = await superuser();
  expect(await client.collection('pages').getOne(created.id)).toMatchObject({ status: 'review', review_note: note });
});

test('Pré-visualizar shows the page beside its form as the site will, following the typing; a click on a section opens it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, 'editor', '/admin/pages/create');
  await field(page, 'Nome').fill('Garantia estendida', FIRST_SCREEN);
  await field(page, 'Meta descrição').fill('Três anos de cobertura para controladores.');
  const text = await addSection(page, 'Texto');
  await text.getByRole('textbox', { name: 'Título', exact: true }).fill('O que cobre');
  await writeMarkdown(page, 'Texto', 'Defeitos de **fabricação** em uso normal.');
  const faq = await addSection(page, 'Perguntas frequentes');
  await faq.getByRole('textbox', { name: 'Título', exact: true }).fill('Dúvidas sobre a garantia');

  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  const aside = page.getByRole('complementary', { name: 'Pré-visualização' });
  await expect(aside).toBeVisible();
  // Beside the form, not over it: the sections' list stays usable.
  const [form, panel] = [await sectionCards(page).first().boundingBox(), await aside.boundingBox()];
  expect(panel!.x).toBeGreaterThanOrEqual(form!.x + form!.width);
  const preview = page.frameLocator('iframe[title="Pré-visualização da página"]');
  // The page's name as the site's h1 (no header section), then each section by the site's own component.
  // The first preview starts the publisher's renderer: seconds, more on a busy machine.
  await expect(preview.locator('h1')).toHaveText('Garantia estendida', { timeout: 60_000 });
  await expect(preview.getByText('Três anos de cobertura para controladores.')).toBeVisible();
  await expect(preview.locator('h2')).toHaveText(['O que cobre', 'Dúvidas sobre a garantia']);
  await expect(preview.locator('.prose-article strong')).toHaveText('fabricação');
  // The FAQ section shows the site's questions ('Perguntas frequentes'), as on the site.
  await expect(preview.locator('[data-section-id] details summary').first()).not.toBeEmpty();
  // The site's look: its stylesheet's hero gradient.
  await expect(preview.locator('[data-page-preview] > section').first()).toHaveCSS('background-image', /linear-gradient/);

  // Typing is followed: the preview shows the new title soon after the last key.
  const started = Date.now();
  await text.getByRole('textbox', { name: 'Título', exact: true }).fill('O que a garantia cobre');
  await expect(preview.locator('h2').first()).toHaveText('O que a garantia cobre', { timeout: 10_000 });
  console.log(`[pré-visualização ao vivo] título novo na prévia em ${Date.now() - started} ms`);

  // A click on a section in the preview opens its card, closed before, and gives it the focus.
  const faqToggle = faq.locator('[data-section-toggle]');
  await faqToggle.click();
  await expect(faqToggle).toHaveAttribute('aria-expanded', 'false');
  await preview.locator('h2', { hasText: 'Dúvidas sobre a garantia' }).click();
  await expect(faqToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(faqToggle).toBeFocused();
  await expect(faq.getByRole('textbox', { name: 'Título', exact: true })).toBeInViewport();
  // Links in the preview go nowhere: the admin stays where it is.
  await expect(page).toHaveURL(/\/admin\/pages\/create$/);

  expect(await wcagViolations(page, 'Página com a pré-visualização', { legacyMode: true, excludeFrames: true })).toEqual([]);
  await page.getByRole('button', { name: 'Ocultar pré-visualização' }).click();
  await expect(aside).toHaveCount(0);
});

test('an editor deletes a page after the confirmation', async ({ page }) => {
  const [editor, tag] = [await createStaff('editor'), unique()];
  const created = await seedPage(tag);
  await openAdminAs(page, editor, `/admin/pages/${created.id}`);

  await page.getByRole('button', { name: 'Excluir' }).click(FIRST_SCREEN);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Tem certeza que deseja excluir esta página?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Página excluída com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(0);
  const client = await superuser();
  await expect(client.collection('pages').getOne(created.id)).rejects.toMatchObject({ status: 404 });
});

test('an author opening the pages is denied', async ({ page }) => {
  await signedInAs(page, 'author', '/admin/pages');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByText('Você não tem permissão para gerenciar páginas.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nova Página' })).toHaveCount(0);
});
