/**
 * First-party analytics end to end: without consent the site sends nothing; after
 * 'Aceitar' the beacon counts page views and a WhatsApp click, and the admin's
 * 'Analytics' screen shows them in its chart and tables (and the dashboard's card);
 * a broken link's visit is listed apart, under 'Páginas não encontradas'.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { signedInAs } from '../helpers/staff';

/** Every hit the page sends, and whether it reached the server. */
function watchHits(page: Page) {
  const hits: { body: Record<string, unknown>; status: number }[] = [];
  page.on('requestfinished', async (request) => {
    if (!request.url().endsWith('/api/analytics/hit')) return;
    const response = await request.response();
    hits.push({ body: JSON.parse(request.postData() ?? '{}') as Record<string, unknown>, status: response?.status() ?? 0 });
  });
  return hits;
}

async function acceptCookies(page: Page) {
  const banner = page.getByRole('region', { name: 'Aviso de Cookies' });
  await expect(page.locator('astro-island[component-url*="CookieConsent"]')).not.toHaveAttribute('ssr', /.*/, {
    timeout: 15_000,
  });
  await banner.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await expect(banner).toBeHidden();
}

test('nothing is sent before consent; after it, visits and a WhatsApp click reach the admin’s chart and tables', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  // A visitor who refuses: not a single hit, not even the script.
  const refusing = await browser.newContext({ locale: 'pt-BR' });
  try {
    const visitor = await refusing.newPage();
    const scripts: string[] = [];
    visitor.on('request', (request) => {
      if (/metricas\.js|\/api\/analytics\//.test(request.url())) scripts.push(request.url());
    });
    await visitor.goto('/produtos/ops010');
    await expect(visitor.locator('astro-island[component-url*="CookieConsent"]')).not.toHaveAttribute('ssr', /.*/, {
      timeout: 15_000,
    });
    await visitor.getByRole('region', { name: 'Aviso de Cookies' }).getByRole('button', { name: 'Recusar' }).click();
    await visitor.goto('/blog');
    await visitor.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  } finally {
    await refusing.close();
  }

  // A visitor who accepts: the page view of the consent page and the next ones, and the click.
  const accepting = await browser.newContext({ locale: 'pt-BR' });
  try {
    const visitor = await accepting.newPage();
    await visitor.route('https://api.whatsapp.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }),
    );
    const hits = watchHits(visitor);
    await visitor.goto('/');
    await acceptCookies(visitor);
    // The beacon loads after the choice: a visitor reads the page a moment before moving on
    // (leaving at once could stop /metricas.js before it sends this page's view).
    await expect
      .poll(() => hits.map((hit) => `${hit.body.path} ${hit.body.event ?? 'view'} ${hit.status}`))
      .toContain('/ view 204');
    await visitor.goto('/produtos/ops010?utm_source=linkedin&utm_medium=social');
    const chat = visitor.waitForEvent('popup');
    await visitor.getByRole('link', { name: 'Orçamento do OPS010 pelo WhatsApp (abre em nova aba)' }).click();
    await (await chat).close();
    await expect
      .poll(() => hits.map((hit) => `${hit.body.path} ${hit.body.event ?? 'view'} ${hit.status}`))
      .toEqual(expect.arrayContaining(['/ view 204', '/produtos/ops010 view 204', '/produtos/ops010 whatsapp_click 204']));
    const view = hits.find((hit) => hit.body.path === '/produtos/ops010' && !hit.body.event)!;
    expect(view.body).toMatchObject({ utm: { source: 'linkedin', medium: 'social' } });
    expect(JSON.stringify(view.body)).not.toContain('utm_source=');
    // A broken link on that page: the not-found page reports the address asked for, not a page view.
    await visitor.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/produtos/ops999', textContent: 'Link quebrado' });
      document.querySelector('main')!.prepend(link);
    });
    await visitor.getByRole('link', { name: 'Link quebrado' }).click();
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() => hits.map((hit) => `${hit.body.path} ${hit.body.event ?? 'view'} ${hit.status}`))
      .toContain('/produtos/ops999 not_found 204');
    expect(hits.map((hit) => `${hit.body.path} ${hit.body.event ?? 'view'}`)).not.toContain('/produtos/ops999 view');
  } finally {
    await accepting.close();
  }

  // The editor sees it.
  await signedInAs(page, 'editor');
  const card = page.locator('[data-stat="visitors"]');
  await expect(card.locator('[data-value]')).not.toHaveText('–');
  await card.getByRole('link', { name: 'Ver analytics' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  const visitors = page.getByRole('region', { name: 'Visitantes', exact: true }).locator('[data-value]');
  await expect.poll(async () => Number((await visitors.innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
  await expect(page.locator('[data-chart="visits"] .recharts-wrapper > svg.recharts-surface')).toBeVisible();
  await expect(page.locator('[data-chart="visits"] .recharts-line')).toHaveCount(2);
  const conversions = page.getByRole('region', { name: 'Conversões por página', exact: true });
  await expect(conversions.getByRole('row', { name: /\/produtos\/ops010 Clique no WhatsApp/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Produtos mais vistos', exact: true })).toContainText('OPS010');
  // The broken link, with the page that carried it (its campaign query dropped), and never among the views.
  const notFound = page.getByRole('region', { name: 'Páginas não encontradas', exact: true });
  await expect(notFound.getByRole('row', { name: '/produtos/ops999 /produtos/ops010 1' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Páginas mais vistas', exact: true })).not.toContainText('/produtos/ops999');
  await page.getByRole('button', { name: '30 dias' }).click();
  await expect(page.getByRole('region', { name: 'Por dia', exact: true }).locator('tbody tr')).toHaveCount(30);
});

test('authors have no Analytics', async ({ page }) => {
  await signedInAs(page, 'author', '/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Você não tem permissão para ver as estatísticas do site.')).toBeVisible();
});
