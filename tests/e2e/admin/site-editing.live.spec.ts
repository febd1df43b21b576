/**
 * The site itself edited in the admin and live, against the product as `npm start` runs
 * it (tests/helpers/live-stack.ts): the home page's hero title, a new FAQ entry, Quem
 * Somos' sections reordered and a new page in the top menu each reach the site with the
 * next publication, its words in the site search, and each is
 * undone by restoring the previous revision from its 'Histórico' (the page's, the FAQ
 * entry's, the menu's). Every changed page is checked at 1366 and 390 px, with axe.
 */
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import seed from '../../../shared/site-pages.json' with { type: 'json' };
import { expect } from '../fixtures';
import { linkPageInMenu, liveTest, openAdmin, publishTextPage } from '../live';
import { wcagViolations } from '../axe';
import { waitUntilLive, type LiveStack } from '../../helpers/live-stack';
import { sectionCards } from '../../helpers/page-sections';

const test = liveTest;
test.describe.configure({ mode: 'serial' });

const tag = randomBytes(3).toString('hex');
const seeded = (slug: string) => seed.pages.find((page) => page.slug === slug)!;
const textbox = (scope: Page | ReturnType<Page['locator']>, name: string) => scope.getByRole('textbox', { name, exact: true });

/** Opens a page's form from 'Páginas' by its name. */
async function editPage(page: Page, admin: string, name: string) {
  await openAdmin(page, admin, '/admin/pages');
  await page
    .getByRole('row', { name: new RegExp(`^${name}\\b`) })
    .getByRole('link', { name: 'Editar' })
    .click({ timeout: 20_000 });
  await expect(sectionCards(page).first()).toBeVisible({ timeout: 20_000 });
}

/** Saves the page's form and waits for the admin's word. */
async function savePage(page: Page) {
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Página atualizada com sucesso!')).toBeVisible({ timeout: 20_000 });
}

/** Restores the version before the current one from the open form's 'Histórico'. */
async function restorePreviousVersion(page: Page) {
  await page.getByRole('tab', { name: 'Histórico' }).click();
  const versions = page.getByTestId('revision');
  await versions.nth(1).getByRole('button', { name: 'Restaurar esta versão' }).click({ timeout: 20_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Restaurar esta versão' }).click();
  await expect(page.getByText('Versão restaurada: ela é agora a versão atual.')).toBeVisible({ timeout: 20_000 });
}

/** Restores the version before the current one from the page's 'Histórico'. */
async function restorePrevious(page: Page, admin: string, name: string) {
  await editPage(page, admin, name);
  await restorePreviousVersion(page);
}

/** The page at `path` on a laptop and on a phone: nothing wider than the screen, nothing for axe. */
async function checkLayouts(page: Page, path: string) {
  // As the site's own sweeps (tests/e2e/accessibility.spec.ts): no animation half-way when axe looks.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(path);
    await page.waitForLoadState('load');
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, `${path} a ${width} px`).toBeLessThanOrEqual(0);
    expect(await wcagViolations(page, `${path} (${width} px)`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Opens the site search on the current page and answers its dialog with `words` typed. */
async function search(page: Page, words: string) {
  await page.getByRole('button', { name: 'Buscar' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Buscar no site' });
  await dialog.getByRole('searchbox').fill(words);
  await expect(dialog.getByRole('status')).toHaveText(new RegExp(`resultados? para “${words}”`), { timeout: 15_000 });
  return dialog;
}

/** The ids of the page's sections in the order the live HTML has them. */
const sectionOrder = (html: string) => [...html.matchAll(/data-section-id="([a-z0-9]+)"/g)].map((match) => match[1]!);

const live = (stack: LiveStack, path: string, until: (html: string) => boolean) => waitUntilLive(stack, path, 180_000, until);

test('the home page’s hero title, changed in the admin, is live with the next publication and back when restored', async ({
  page,
  admin,
  stack,
}) => {
  test.setTimeout(360_000);
  const before = String(seeded('inicio').content.sections[0]!.title);
  const title = `Controladores industriais feitos no Brasil ${tag}`;
  await editPage(page, admin, 'Início');
  const hero = sectionCards(page).first();
  await expect(hero).toContainText('Destaque principal');
  await hero.locator('[data-section-toggle]').click();
  await textbox(hero, 'Título').fill(title);
  await savePage(page);

  await live(stack, '/', (html) => html.includes(title));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const dialog = await search(page, `feitos no Brasil ${tag}`);
  await expect(dialog.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('href', '/');
  await checkLayouts(page, '/');

  await restorePrevious(page, admin, 'Início');
  await live(stack, '/', (html) => !html.includes(title));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(before);
});

test('a FAQ entry added in the admin shows on Contato and is found by the search; its answer changed is undone by a restore', async ({
  page,
  admin,
  stack,
}) => {
  test.setTimeout(480_000);
  const question = `Os controladores aceitam firmware personalizado ${tag}?`;
  const answer = 'Sim: gravamos o firmware do cliente na fábrica e entregamos o relatório de teste de cada lote.';
  const changed = `Sim, com o relatório de teste de cada lote e a assinatura do firmware conferida ${tag}.`;
  await openAdmin(page, admin, '/admin/faq/create');
  await page.getByRole('textbox', { name: 'Pergunta' }).fill(question, { timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Resposta' }).fill(answer);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Pergunta criada.')).toBeVisible({ timeout: 20_000 });

  await live(stack, '/contato', (html) => html.includes(question));
  await page.goto('/contato');
  const faq = page.locator('details', { hasText: question });
  await faq.getByText(question).click();
  await expect(faq.getByText(/gravamos o firmware do cliente/)).toBeVisible();
  const dialog = await search(page, `firmware personalizado ${tag}`);
  await expect(dialog.getByRole('link', { name: /Contato/ }).first()).toBeVisible();
  await checkLayouts(page, '/contato');

  // The answer rewritten, live, then the first version restored from the entry's 'Histórico'.
  const openEntry = async () => {
    await openAdmin(page, admin, '/admin/faq');
    await page
      .getByRole('row', { name: new RegExp(tag) })
      .getByRole('link', { name: 'Editar' })
      .click({ timeout: 20_000 });
  };
  await openEntry();
  await page.getByRole('textbox', { name: 'Resposta' }).fill(changed, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Pergunta salva.')).toBeVisible({ timeout: 20_000 });
  await live(stack, '/contato', (html) => html.includes(changed));
  await openEntry();
  await restorePreviousVersion(page);
  await live(stack, '/contato', (html) => html.includes('gravamos o firmware do cliente') && !html.includes(changed));

  // Cleanup: the entry out of the site.
  await openAdmin(page, admin, '/admin/faq');
  await page
    .getByRole('row', { name: new RegExp(tag) })
    .getByRole('button', { name: 'Excluir' })
    .click({ timeout: 20_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Pergunta excluída.')).toBeVisible();
  await live(stack, '/contato', (html) => !html.includes(question));
});

test('Quem Somos’ sections moved in the admin keep their new order live, and their old one once restored', async ({
  page,
  admin,
  stack,
}) => {
  test.setTimeout(360_000);
  const ids = seeded('quem-somos').content.sections.map((section) => section.id);
  const moved = [ids[0]!, ids[2]!, ids[1]!, ...ids.slice(3)];
  await editPage(page, admin, 'Quem Somos');
  // The second section (the story's text) one place down, by its button.
  await sectionCards(page).nth(1).getByRole('button', { name: 'Mover para baixo' }).click();
  await expect(sectionCards(page).nth(2)).toContainText('Texto');
  await savePage(page);

  await live(stack, '/quem-somos', (html) => sectionOrder(html).join() === moved.join());
  await checkLayouts(page, '/quem-somos');

  await restorePrevious(page, admin, 'Quem Somos');
  await live(stack, '/quem-somos', (html) => sectionOrder(html).join() === ids.join());
});

test('a new page put in the top menu is linked from every page’s header and found by the search; the menu’s previous version restored, the link goes', async ({
  page,
  admin,
  stack,
}) => {
  test.setTimeout(360_000);
  const name = `Assistência técnica ${tag}`;
  const slug = `assistencia-tecnica-${tag}`;
  await publishTextPage(page, admin, name, {
    title: 'Reparo em laboratório',
    body: 'Diagnóstico de placas retornadas com laudo técnico em até cinco dias úteis.',
  });
  await linkPageInMenu(page, admin, 'Menu do topo', 'Assistência', name);

  await live(stack, '/produtos', (html) => html.includes(`href="/${slug}"`));
  await page.goto('/produtos');
  const header = page.getByRole('navigation', { name: 'Menu principal', exact: true });
  await header.getByRole('link', { name: 'Assistência' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const dialog = await search(page, `laudo técnico`);
  await expect(dialog.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await checkLayouts(page, `/${slug}`);
  // On a phone, the link is in the menu behind its button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Menu principal (celular)' }).getByRole('link', { name: 'Assistência' }),
  ).toHaveAttribute('href', `/${slug}`);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The menu's version before the link, restored from its 'Histórico'.
  await openAdmin(page, admin, '/admin/menus');
  await page.getByText('Menu do topo').click({ timeout: 20_000 });
  await restorePreviousVersion(page);
  await live(stack, '/produtos', (html) => !html.includes(`href="/${slug}"`));
});
