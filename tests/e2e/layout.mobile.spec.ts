import { test, expect } from './fixtures';

/** Pages with the widest content: carousels, tables, code, e-mail previews. */
const PAGES = [
  '/',
  '/produtos',
  '/produtos/linha/opm',
  '/produtos/ops010',
  '/produtos/opx1001',
  '/catalogo-digital',
  '/contato',
  '/assinaturas-email',
  '/blog',
  '/blog/funcao-map-no-arduino',
  // A five-column table.
  '/blog/corrigindo-conflito-da-porta-serial',
];

test('no page scrolls sideways on a phone, even after its carousels start', async ({ page }) => {
  test.setTimeout(120_000);
  const overflowing: string[] = [];
  for (const path of PAGES) {
    await page.goto(path);
    // Scroll through so every lazy island (carousels) hydrates.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    const carousels = page.locator('section[aria-roledescription="carrossel"]');
    for (const carousel of await carousels.all()) {
      await carousel.scrollIntoViewIfNeeded();
      await expect(carousel).toHaveAttribute('data-ready', 'true');
    }
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    if (scrollWidth > innerWidth) overflowing.push(`${path}: ${scrollWidth}px > ${innerWidth}px`);
  }
  expect(overflowing).toEqual([]);
});
