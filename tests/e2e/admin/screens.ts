/**
 * Every admin screen, as an administrator sees it at one window width: the
 * tab names the screen ('Posts · Painel Administrativo | Operium'), one visible h1 names
 * it too, the page is no wider than the window, every button, link, field and tab is on
 * screen or in a box that scrolls, and no field's placeholder is cut. Run at 1366 px (screens.spec.ts) and at 390 px
 * (screens.mobile.spec.ts), with data that makes the screens as wide as they get: a
 * backup, a deleted post, a deleted file still used, page views with long titles, long names,
 * a partner with the site's own logo.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { contactMessage } from '../../helpers/contact-message';
import { png } from '../../helpers/images';
import { createStaff, openAdminAs, superuser } from '../../helpers/staff';

const PANEL_TITLE = 'Painel Administrativo | Operium';

interface Screen {
  path: string;
  /** The screen's name, first in the tab's title. */
  title: string;
  /** The h1, when it says more than the name (the dashboard greets). */
  heading?: RegExp;
}

/** A browser's user agent: the analytics route leaves bots (Playwright's own included) out. */
const BROWSER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

/** Records the screens need, created through the API; returns the screens to visit. */
async function seed(baseURL: string, adminId: string, adminName: string): Promise<Screen[]> {
  const client = await superuser();
  const tag = randomBytes(3).toString('hex');
  const post = await client.collection('posts').create({
    title: `Um título de post comprido o bastante para ocupar duas linhas num celular ${tag}`,
    slug: `post-das-telas-${tag}`,
    category: 'Técnico',
    status: 'draft',
    author: adminId,
    content: 'Texto do post.',
  });
  const gone = await client.collection('posts').create({
    title: `Post excluído das telas ${tag}`,
    slug: `post-excluido-das-telas-com-endereco-comprido-${tag}`,
    category: 'Técnico',
    status: 'draft',
    author: adminId,
  });
  await client.collection('posts').delete(gone.id);
  const page = await client.collection('pages').create({ name: `Página das telas ${tag}`, status: 'draft' });
  const comment = await client.collection('comments').create({
    article: 'funcao-map-no-arduino',
    name: `Leitora ${tag}`,
    email: 'leitora@exemplo.com.br',
    body: `Uma pergunta longa o bastante para ocupar mais de uma linha num celular estreito (${tag}).`,
  });
  const message = await client.collection('contact_messages').create(contactMessage());
  // Mídia shows its search field (whose placeholder was cut) only with a file in the library.
  const image = new FormData();
  image.append('file', new Blob([png(8)], { type: 'image/png' }), `tela-de-midia-${tag}.png`);
  image.append('alt_text', `Imagem das telas ${tag}`);
  await client.collection('media').create(image);
  // Mídia excluída at its widest: a long name, used by a post with a long title.
  const trashed = new FormData();
  trashed.append(
    'file',
    new Blob([png(8)], { type: 'image/png' }),
    `foto-antiga-da-placa-controladora-com-nome-comprido-${tag}.png`,
  );
  trashed.append('alt_text', `Foto antiga ${tag}`);
  const old = await client.collection('media').create(trashed);
  await client.collection('posts').create({
    title: `Post que ainda usa a foto antiga da placa controladora ${tag}`,
    slug: `post-que-usa-a-foto-antiga-${tag}`,
    category: 'Técnico',
    status: 'draft',
    author: adminId,
    content: `![Foto antiga](/api/files/media/${old.id}/${String(old.file)})`,
  });
  await client.collection('media').delete(old.id);
  // A backup makes the Backups table appear (its name is as long as PocketBase's own).
  // PocketBase makes one backup at a time: another test's may be under way.
  await expect
    .poll(
      () =>
        client.backups.create(`telas_${tag}_20260101000000.zip`).then(
          () => true,
          () => false,
        ),
      {
        message: 'a backup is created',
        intervals: [1_000, 2_000, 5_000],
        timeout: 30_000,
      },
    )
    .toBe(true);
  // Page views with long titles: the Analytics tables at their widest.
  for (const [index, title] of [
    'Controlador de irrigação com ESP32 para pivôs centrais e gotejamento',
    'Fonte chaveada industrial OPS-100 de 24 V e 5 A',
  ].entries()) {
    const response = await fetch(`${baseURL}/api/analytics/hit`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER_AGENT, 'X-Forwarded-For': `10.37.${index}.1` },
      body: JSON.stringify({ path: `/produtos/telas-${tag}-${index}`, title, referrer: 'https://www.google.com/' }),
    });
    expect(response.status, 'the page view is stored').toBe(204);
  }
  // A seeded partner: its form shows the site's own logo with the note beside the picker.
  const partner = await client.collection('partners').getFirstListItem('builtin_logo != ""');
  // A seeded product and line: their forms show the site's own images beside the picker.
  const product = await client.collection('products').getFirstListItem('slug = "ops010"');
  const line = await client.collection('product_lines').getFirstListItem('slug = "ops"');
  return [
    { path: '/admin', title: 'Dashboard', heading: new RegExp(`^Olá, ${adminName}!$`) },
    { path: '/admin/users', title: 'Usuários' },
    { path: '/admin/users/create', title: 'Novo Usuário' },
    { path: '/admin/posts', title: 'Posts' },
    { path: '/admin/posts/create', title: 'Novo Post' },
    { path: `/admin/posts/${post.id}`, title: `Editar post: ${String(post.title)}` },
    { path: '/admin/deleted-posts', title: 'Posts excluídos' },
    { path: '/admin/pages', title: 'Páginas' },
    { path: '/admin/pages/create', title: 'Nova Página' },
    { path: `/admin/pages/${page.id}`, title: `Editar página: ${String(page.name)}` },
    { path: '/admin/partners', title: 'Parceiros' },
    { path: '/admin/partners/create', title: 'Novo parceiro' },
    { path: `/admin/partners/${partner.id}`, title: 'Editar parceiro' },
    { path: '/admin/products', title: 'Produtos' },
    { path: '/admin/products/create', title: 'Novo produto' },
    { path: '/admin/deleted-products', title: 'Produtos excluídos' },
    { path: `/admin/products/${product.id}`, title: 'Editar produto' },
    { path: '/admin/lines', title: 'Linhas' },
    { path: `/admin/lines/${line.id}`, title: 'Editar linha' },
    { path: '/admin/datasheets', title: 'Datasheets' },
    { path: '/admin/software', title: 'Softwares' },
    { path: '/admin/media', title: 'Mídia' },
    { path: '/admin/deleted-media', title: 'Mídia excluída' },
    { path: '/admin/comments', title: 'Comentários' },
    { path: `/admin/comments/${comment.id}`, title: 'Moderar comentário' },
    { path: '/admin/messages', title: 'Mensagens de contato' },
    { path: `/admin/messages/${message.id}/show`, title: 'Mensagem de contato' },
    { path: '/admin/newsletter', title: 'Newsletter' },
    { path: '/admin/sends', title: 'Envios da newsletter' },
    { path: '/admin/audit', title: 'Auditoria' },
    { path: '/admin/analytics', title: 'Analytics' },
    { path: '/admin/backups', title: 'Backups' },
    { path: '/admin/privacy', title: 'Privacidade' },
    { path: '/admin/settings', title: 'Configurações' },
    { path: '/admin/profile', title: 'Perfil' },
  ];
}

/**
 * The buttons, links, fields and tabs that stick out of the window, sideways, where no
 * scrolling box holds them (one that scrolls, such as the settings' tabs, is fine).
 */
function outOfReach(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const inScrollingBox = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth) return true;
      }
      return false;
    };
    const controls = document.querySelectorAll(
      'button, a[href], input:not([type="hidden"]), textarea, select, [role="button"], [role="tab"], [role="checkbox"], [role="combobox"]',
    );
    return [...controls]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Transparent inputs are the hit areas of MUI's switches, wider than the switch on purpose.
        const shown = element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
        if (box.width < 2 || box.height < 2 || !shown) return false;
        // Entirely left of the window is how skip links wait (react-admin's 'Pular para o conteúdo').
        const sticksOut = box.right > width + 1 || (box.left < -1 && box.right > 0);
        return sticksOut && !inScrollingBox(element);
      })
      .map((element) => {
        const name = element.getAttribute('aria-label') || element.textContent?.trim() || element.getAttribute('name') || '';
        const box = element.getBoundingClientRect();
        return `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" de ${Math.round(box.left)} a ${Math.round(box.right)} px`;
      });
  });
}

/**
 * Fields whose placeholder is cut (as Mídia's once was: 'Buscar por nome ou text…'): the
 * room the field gives it against its drawn width, in this machine's font.
 */
function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    return [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')]
      .filter((input) => !input.value && input.checkVisibility({ visibilityProperty: true }))
      .filter((input) => {
        const style = getComputedStyle(input);
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return room < context.measureText(input.placeholder).width;
      })
      .map((input) => `o texto de exemplo "${input.placeholder}" não cabe no campo`);
  });
}

/**
 * Visits every screen at `width` px as a new administrator and returns what is wrong,
 * one line per problem (an empty list when all is well).
 */
export async function checkEveryScreen(page: Page, baseURL: string, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 844 });
  const admin = await createStaff('admin');
  const screens = await seed(baseURL, admin.id, admin.fullName);
  await openAdminAs(page, admin);
  const problems: string[] = [];
  for (const screen of screens) {
    await page.goto(screen.path);
    const heading = page.getByRole('heading', { level: 1 });
    // The heading is the sign that the screen is there; its data may still be on its way.
    await expect(heading.first(), `${screen.path}: o título da tela aparece`).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText(/^Carregando/)).toHaveCount(0, { timeout: 15_000 });

    const headings = await heading.allInnerTexts();
    const expected = screen.heading ?? new RegExp(`^${screen.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    if (headings.length !== 1 || !expected.test(headings[0]!.trim())) {
      problems.push(`${screen.path}: h1 ${JSON.stringify(headings)}, esperado ${expected}`);
    }
    const title = await page.title();
    if (title !== `${screen.title} · ${PANEL_TITLE}`) problems.push(`${screen.path}: título da aba "${title}"`);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (pageWidth > width) problems.push(`${screen.path}: a página tem ${pageWidth} px de largura`);
    const found = [...(await outOfReach(page)), ...(await cutPlaceholders(page))];
    problems.push(...found.map((problem) => `${screen.path}: ${problem} (janela de ${width} px)`));
  }
  return problems;
}
