import { test, expect } from './fixtures';

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
