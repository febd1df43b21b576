import { test, expect } from './fixtures';
import catalog from '../../shared/site-catalog.json' with { type: 'json' };

test.describe('document head and delivery', () => {
  test('the home page has language, title, description, canonical, social tags and icons', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page).toHaveTitle(/Operium/);
    const head = page.locator('head');
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', 'http://127.0.0.1/');
    for (const property of ['og:title', 'og:description', 'og:url', 'og:type', 'og:locale']) {
      await expect(head.locator(`meta[property="${property}"]`), property).toHaveAttribute('content', /.+/);
    }
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', 'http://127.0.0.1/og-default.png');
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#/);
    await expect(head.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute('href', '/favicon.svg');
  });

  test('a product page describes its own share image, on both networks’ tags', async ({ page }) => {
    const product = catalog.products.find((item) => item.slug === 'ops010')!;
    await page.goto('/produtos/ops010');
    const head = page.locator('head');
    // The product's first picture (built under a content hash, not its file name).
    const first = await page.getByRole('img', { name: product.images[0]!.alt }).first().getAttribute('src');
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', `http://127.0.0.1${first}`);
    for (const tag of ['meta[property="og:image:alt"]', 'meta[name="twitter:image:alt"]']) {
      await expect(head.locator(tag), tag).toHaveAttribute('content', product.images[0]!.alt);
    }
  });

  test('/favicon.ico answers with an icon, as browsers and feed readers ask for it without reading the page', async ({
    request,
  }) => {
    const response = await request.get('/favicon.ico');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/x-icon');
    const icon = await response.body();
    // An ICO header (reserved 0, type 1) with 16, 32 and 48 px images.
    expect(icon.readUInt16LE(0)).toBe(0);
    expect(icon.readUInt16LE(2)).toBe(1);
    const sizes = Array.from({ length: icon.readUInt16LE(4) }, (_, index) => icon.readUInt8(6 + 16 * index));
    expect(sizes).toEqual([16, 32, 48]);
    expect(icon.length).toBeLessThan(10_000);
  });

  test('pages have unique titles and the 404 and admin pages are not indexed', async ({ request }) => {
    const titles = new Set<string>();
    for (const path of ['/', '/admin', '/rota-inexistente']) {
      const html = await (await request.get(path)).text();
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title, `título de ${path}`).toBeTruthy();
      titles.add(title!);
      if (path !== '/') expect(html, `${path} fora dos buscadores`).toContain('name="robots" content="noindex, nofollow"');
    }
    expect(titles.size).toBe(3);
  });

  test('ships no render-blocking script and sized, responsive images', async ({ page }) => {
    await page.goto('/');
    const blocking = await page
      .locator('script[src]')
      .evaluateAll((scripts) =>
        scripts
          .filter(
            (s) =>
              (s as HTMLScriptElement).type !== 'module' && !(s as HTMLScriptElement).async && !(s as HTMLScriptElement).defer,
          )
          .map((s) => (s as HTMLScriptElement).src),
      );
    expect(blocking).toEqual([]);
    const images = page.locator('main img');
    expect(await images.count()).toBeGreaterThan(0);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('height', /\d+/);
      await expect(image).toHaveAttribute('alt', /.{10,}/);
    }
    await expect(page.locator('main picture source[type="image/avif"]').first()).toHaveAttribute('srcset', /\d+w/);
  });

  test('robots.txt and sitemap.xml answer 200 and point at each other', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain('Sitemap: http://127.0.0.1/sitemap.xml');
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('<sitemapindex');
  });
});
