import { readdir } from 'node:fs/promises';
import path from 'node:path';
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

test.describe('articles on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no article is wider than the screen: inline code wraps, code blocks scroll in their own box', async ({ page }) => {
    test.setTimeout(120_000);
    const siteDir = process.env.E2E_SITE_DIR!;
    const articles = (await readdir(path.join(siteDir, 'blog'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && !['404', 'pagina', 'capas', 'dados'].includes(entry.name))
      .map((entry) => `/blog/${entry.name}`);
    expect(articles.length).toBeGreaterThan(10);
    const problems: string[] = [];
    let scrollingBlocks = 0;
    for (const article of articles) {
      await page.goto(article);
      const layout = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        blocks: [...document.querySelectorAll('.prose-article pre')].map((pre) => ({
          right: pre.getBoundingClientRect().right,
          scrolls: pre.scrollWidth > pre.clientWidth,
        })),
        inline: [...document.querySelectorAll('.prose-article :not(pre) > code')].map((code) => ({
          text: code.textContent ?? '',
          right: code.getBoundingClientRect().right,
        })),
      }));
      if (layout.scrollWidth > layout.innerWidth) problems.push(`${article}: ${layout.scrollWidth}px > ${layout.innerWidth}px`);
      for (const block of layout.blocks)
        if (block.right > layout.innerWidth) problems.push(`${article}: bloco de código sai da tela`);
      for (const code of layout.inline)
        if (code.right > layout.innerWidth) problems.push(`${article}: \`${code.text}\` sai da tela`);
      scrollingBlocks += layout.blocks.filter((block) => block.scrolls).length;
    }
    expect(problems).toEqual([]);
    // Long lines of code stay whole: the block scrolls sideways instead of wrapping them.
    expect(scrollingBlocks, 'algum bloco de código rola no próprio quadro').toBeGreaterThan(0);
  });
});
