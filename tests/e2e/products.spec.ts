import { test, expect } from './fixtures';
import { site } from '../../src/config/site';

test.describe('product listing', () => {
  test('each line has its own prebuilt page: the right line at first paint, without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'pt-BR' });
    const page = await context.newPage();
    try {
      await page.goto('/produtos');
      await expect(page.getByRole('heading', { level: 2, name: 'Linha S' })).toBeVisible();
      await expect(page.locator('[data-line-panel]')).toHaveCount(1);
      await expect(page.locator('[data-line-panel="ops"] article')).toHaveCount(4);
      const cards = page.getByRole('list', { name: 'Linhas de produtos' });
      // /produtos shows Linha S, whose own page is another address.
      await expect(cards.getByRole('link', { name: /Linha S/ })).toHaveAttribute('aria-current', 'true');

      await cards.getByRole('link', { name: /Linha X/ }).click();
      await expect(page).toHaveURL(/\/produtos\/linha\/opx$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Linha X' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Linha S' })).toHaveCount(0);
      await expect(cards.getByRole('link', { name: /Linha X/ })).toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveTitle(/^Linha X \| Produtos/);

      await cards.getByRole('link', { name: /Acessórios/ }).click();
      await expect(page).toHaveURL(/\/produtos\/linha\/ope$/);
      // Accessories have no long description: the generic sentence shows.
      await expect(page.locator('[data-line-panel="ope"]')).toContainText('Conheça os produtos desta linha');
      await page.goBack();
      await expect(page.getByRole('heading', { level: 2, name: 'Linha X' })).toBeVisible();
      await cards.getByRole('link', { name: /Linha S/ }).click();
      await expect(page).toHaveURL(/\/produtos\/linha\/ops$/);
      await expect(cards.getByRole('link', { name: /Linha S/ })).toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveTitle(/^Linha S \| Produtos/);
    } finally {
      await context.close();
    }
  });

  test('an old ?category= link lands on its line’s page before the first paint; an unknown one shows Linha S', async ({
    page,
  }) => {
    const painted: string[] = [];
    await page.exposeFunction('reportPaint', (path: string) => painted.push(path));
    await page.addInitScript(() => {
      new PerformanceObserver(() =>
        (window as unknown as { reportPaint: (p: string) => void }).reportPaint(location.pathname),
      ).observe({
        type: 'paint',
        buffered: true,
      });
    });
    await page.goto('/produtos?category=opm#produtos');
    await expect(page).toHaveURL(/\/produtos\/linha\/opm#produtos$/);
    const panel = page.locator('[data-line-panel="opm"]');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('4 saídas a transistor');
    await expect(panel.getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute('href', '/produtos/opm001');
    expect(painted, 'nada pintado em /produtos antes do redirecionamento').not.toContain('/produtos');

    await page.goto('/produtos?category=ops');
    await expect(page).toHaveURL(/\/produtos\/linha\/ops$/);
    for (const path of ['/produtos?category=nao-existe', '/produtos']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace('?', '\\?')}$`));
      await expect(page.getByRole('heading', { level: 2, name: 'Linha S' })).toBeVisible();
    }
  });
});

test.describe('product page', () => {
  test('has the breadcrumb, back link, badge, features, quote, datasheet, specs, applications and three related products', async ({
    page,
  }) => {
    await page.goto('/produtos/ops010');
    const trail = page.getByRole('navigation', { name: 'Trilha de navegação' });
    await expect(trail.getByRole('link', { name: 'Produtos' })).toHaveAttribute('href', '/produtos');
    // The default line, too, is named with its own page, not the catalogue's address.
    await expect(trail.getByRole('link', { name: 'Linha S' })).toHaveAttribute('href', '/produtos/linha/ops');
    await expect(page.getByRole('link', { name: 'Voltar para produtos' })).toHaveAttribute('href', '/produtos');
    await expect(page.getByText('OPS', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('OPS010');
    await expect(page.getByRole('heading', { name: 'Principais características' })).toBeVisible();
    const datasheet = page.getByRole('link', { name: /Download datasheet/ });
    await expect(datasheet).toHaveAttribute('target', '_blank');
    await expect(datasheet).toHaveAttribute('href', /^https:\/\//);
    await expect(page.getByRole('region', { name: 'Especificações técnicas' })).toContainText('RS485');
    const related = page.getByRole('region', { name: 'Produtos relacionados' }).getByRole('link', { name: /Ver detalhes/ });
    await expect(related).toHaveCount(3);
    for (const link of await related.all()) await expect(link).not.toHaveAttribute('href', '/produtos/ops010');
    await related.first().click();
    await expect(page).toHaveURL(/\/produtos\/(?!ops010)[a-z0-9]+$/);
  });

  test('every quote offers both paths: the contact form with the product filled in, and WhatsApp with a message', async ({
    page,
  }) => {
    // Product pages of every line, a line's cards and the digital catalogue.
    const places = [
      { path: '/produtos/ops010', scope: page.locator('main'), model: 'OPS010' },
      { path: '/produtos/opx1001', scope: page.locator('main'), model: 'OPX1-001' },
      { path: '/produtos/linha/opm', scope: page.locator('[data-line-panel="opm"]'), model: 'OPM001' },
      { path: '/catalogo-digital', scope: page.locator('main'), model: 'OPE-100' },
    ];
    for (const { path, scope, model } of places) {
      await page.goto(path);
      const form = scope.getByRole('link', { name: `Solicitar orçamento do ${model} pelo formulário de contato` });
      await expect(form, path).toHaveAttribute('href', `/contato?produto=${model}`);
      const chat = scope.getByRole('link', { name: `Orçamento do ${model} pelo WhatsApp (abre em nova aba)` });
      await expect(chat, path).toHaveAttribute('target', '_blank');
      const href = new URL((await chat.getAttribute('href')) ?? '');
      expect(href.searchParams.get('phone')).toBe(site.chat.number);
      expect(href.searchParams.get('text')).toBe(`Olá! Gostaria de solicitar um orçamento do ${model}.`);
    }
    // What the form does with ?produto= is in contact.spec.ts.
  });

  test('OPE-100 has no datasheet', async ({ page }) => {
    await page.goto('/produtos/ope100');
    await expect(page.getByRole('link', { name: /Download datasheet/ })).toHaveCount(0);
  });

  test('the image carousel moves with the arrows and the keyboard, and stops at the ends', async ({ page }) => {
    await page.goto('/produtos/ops010');
    const carousel = page.getByRole('region', { name: 'Imagens do OPS010' });
    const previous = carousel.getByRole('button', { name: 'Imagem anterior' });
    const next = carousel.getByRole('button', { name: 'Próxima imagem' });
    await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(4);
    await expect(carousel.getByRole('group', { name: 'Imagem 1 de 4' })).toBeVisible();
    await expect(carousel).toHaveAttribute('data-ready', 'true');
    await expect(previous).toBeDisabled();
    await expect(carousel.getByText('1 / 4')).toBeVisible();
    await next.click();
    await expect(carousel.getByText('2 / 4')).toBeVisible();
    await carousel.getByRole('group', { name: /use as setas/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(carousel.getByText('4 / 4')).toBeVisible();
    await expect(next).toBeDisabled();
    await page.keyboard.press('ArrowRight');
    await expect(carousel.getByText('4 / 4')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(carousel.getByText('3 / 4')).toBeVisible();
    await expect(previous).toBeEnabled();
  });
});
