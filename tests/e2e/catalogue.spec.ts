import { test, expect } from './fixtures';

test.describe('digital catalogue', () => {
  test('shows the badges and the four lines with product counts and the catalogue reading of OPM001', async ({ page }) => {
    await page.goto('/catalogo-digital');
    for (const badge of ['4 Linhas de Produtos', 'Fabricação Nacional', 'Suporte Técnico'])
      await expect(page.getByText(badge, { exact: true })).toBeVisible();
    await expect(page.locator('main section[aria-labelledby^="catalogo-"]').filter({ has: page.locator('article') })).toHaveCount(
      4,
    );
    await expect(page.locator('article[data-product]')).toHaveCount(7);
    const opm = page.locator('article[data-product="opm001"]');
    await expect(opm).toContainText('12 saídas a transistor');
    await expect(opm.getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute('href', '/produtos/opm001');
    await expect(opm.getByRole('link', { name: /Datasheet/ })).toHaveAttribute('target', '_blank');
    await expect(opm.getByRole('link', { name: /Orçamento/ })).toHaveAttribute('target', '_blank');
  });

  test('a product carousel: first image eager and the rest lazy, arrows and keys, disabled ends, no loop', async ({ page }) => {
    await page.goto('/catalogo-digital');
    const carousel = page.getByRole('region', { name: 'Imagens do OPX1-001' });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute('data-ready', 'true');
    const images = carousel.locator('img');
    await expect(images).toHaveCount(6);
    expect(await images.evaluateAll((list) => list.map((image) => image.getAttribute('loading')))).toEqual([
      'eager',
      'lazy',
      'lazy',
      'lazy',
      'lazy',
      'lazy',
    ]);

    const previous = carousel.getByRole('button', { name: 'Imagem anterior' });
    const next = carousel.getByRole('button', { name: 'Próxima imagem' });
    await expect(previous).toBeDisabled();
    for (let n = 2; n <= 6; n++) {
      await next.click();
      await expect(carousel.getByText(`${n} / 6`)).toBeVisible();
    }
    await expect(next).toBeDisabled();
    await carousel.getByRole('group', { name: /use as setas/ }).press('ArrowRight');
    await expect(carousel.getByText('6 / 6')).toBeVisible();
    await carousel.getByRole('group', { name: /use as setas/ }).press('ArrowLeft');
    await expect(carousel.getByText('5 / 6')).toBeVisible();
  });

  test('a two-image carousel has both arrows working once', async ({ page }) => {
    await page.goto('/catalogo-digital');
    const carousel = page.getByRole('region', { name: 'Imagens do OPM001' });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute('data-ready', 'true');
    await carousel.getByRole('button', { name: 'Próxima imagem' }).click();
    await expect(carousel.getByText('2 / 2')).toBeVisible();
    await expect(carousel.getByRole('button', { name: 'Próxima imagem' })).toBeDisabled();
    await expect(carousel.getByRole('button', { name: 'Imagem anterior' })).toBeEnabled();
  });
});
