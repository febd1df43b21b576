import { test, expect, islandsHydrated } from './fixtures';
import { site } from '../../src/config/site';

test.describe('product listing', () => {
  test('shows Linha S by default and for unknown categories', async ({ page }) => {
    for (const path of ['/produtos', '/produtos?category=nao-existe']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2, name: 'Linha S' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Linha X' })).toBeHidden();
      await expect(page.locator('[data-line-panel="ops"] article')).toHaveCount(4);
    }
  });

  test('category cards change the selection and the URL, and the back button restores it', async ({ page }) => {
    await page.goto('/produtos');
    await islandsHydrated(page, 'LineSelector');
    const cards = page.getByRole('list', { name: 'Linhas de produtos' });
    await cards.getByRole('link', { name: /Linha X/ }).click();
    await expect(page).toHaveURL(/\?category=opx$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Linha X' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Linha S' })).toBeHidden();
    await expect(cards.getByRole('link', { name: /Linha X/ })).toHaveAttribute('aria-current', 'true');

    await cards.getByRole('link', { name: /Acessórios/ }).click();
    await expect(page).toHaveURL(/\?category=ope$/);
    // Accessories have no long description: the generic sentence shows.
    await expect(page.locator('[data-line-panel="ope"]')).toContainText('Conheça os produtos desta linha');

    await page.goBack();
    await expect(page).toHaveURL(/\?category=opx$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Linha X' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: 'Linha S' })).toBeVisible();
  });

  test('a shared link opens its line, with the listing reading of OPM001', async ({ page }) => {
    await page.goto('/produtos?category=opm');
    const panel = page.locator('[data-line-panel="opm"]');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('4 saídas a transistor');
    await expect(panel.getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute('href', '/produtos/opm001');
    await expect(panel.getByRole('link', { name: /Solicitar orçamento/ })).toHaveAttribute(
      'href',
      new RegExp(`phone=${site.chat.number}`),
    );
  });
});

test.describe('product page', () => {
  test('has the breadcrumb, back link, badge, features, quote, datasheet, specs, applications and three related products', async ({
    page,
  }) => {
    await page.goto('/produtos/ops010');
    await expect(
      page.getByRole('navigation', { name: 'Trilha de navegação' }).getByRole('link', { name: 'Produtos' }),
    ).toHaveAttribute('href', '/produtos');
    await expect(page.getByRole('link', { name: 'Voltar para produtos' })).toHaveAttribute('href', '/produtos');
    await expect(page.getByText('OPS', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('OPS010');
    await expect(page.getByRole('heading', { name: 'Principais características' })).toBeVisible();
    // On the OPS pages the quote goes through the contact page (see the closing note).
    await expect(page.getByRole('link', { name: /Solicitar orçamento/ })).toHaveAttribute('href', '/contato?produto=OPS010');
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

  test('the quote opens the chat outside the OPS line, and OPE-100 has no datasheet', async ({ page }) => {
    await page.goto('/produtos/opx1001');
    const quote = page.getByRole('link', { name: /Solicitar orçamento/ });
    await expect(quote).toHaveAttribute('href', new RegExp(`phone=${site.chat.number}`));
    await expect(quote).toHaveAttribute('target', '_blank');
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
