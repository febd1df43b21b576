import type { Page } from '@playwright/test';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { test, expect, allowConsoleErrors, islandsHydrated } from './fixtures';
import { CMS_POST } from './global-setup';
import { site } from '../../src/config/site';

const cards = (page: Page) => page.getByRole('list', { name: 'Artigos' }).getByRole('listitem');

async function openBlog(page: Page, query = '') {
  await page.goto(`/blog${query}`);
  await islandsHydrated(page, 'BlogBrowser');
}

test.describe('blog list', () => {
  test('lists the newest articles with category, date, author and "Ler mais", and loads more on demand', async ({ page }) => {
    await openBlog(page);
    await expect(cards(page)).toHaveCount(9);
    const first = cards(page).first();
    await expect(first.getByText(/^Por /)).toBeVisible();
    await expect(first.locator('time')).toHaveText(/^\d{2} de [a-zç]+ de \d{4}$/);
    await expect(first.getByRole('link', { name: /Ler mais/ })).toHaveAttribute('href', /^\/blog\/[a-z0-9-]+$/);
    const dates = await cards(page)
      .locator('time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));
    expect([...dates].sort().reverse(), 'mais recentes primeiro').toEqual(dates);

    await page.getByRole('link', { name: 'Carregar mais artigos' }).click();
    await expect(cards(page)).toHaveCount(11);
    await expect(page.getByRole('link', { name: 'Carregar mais artigos' })).toHaveCount(0);
  });

  test('filters by category with the spec colours, and the URL keeps the view across a reload', async ({ page }) => {
    await openBlog(page);
    const categories = page.getByRole('group', { name: 'Categorias' });
    await expect(categories.getByRole('button')).toHaveText(['Todos', 'Técnico', 'Negócios', 'Casos de Sucesso', 'Tutoriais']);
    await categories.getByRole('button', { name: 'Negócios' }).click();
    await expect(page).toHaveURL(/\?categoria=Neg%C3%B3cios$/);
    await expect(cards(page).first()).toBeVisible();
    for (const badge of await cards(page).locator('span.rounded-full').first().all()) await expect(badge).toHaveText('Negócios');
    const count = await cards(page).count();
    await expect(cards(page).getByRole('heading', { name: CMS_POST.title })).toBeVisible();

    await page.reload();
    await islandsHydrated(page, 'BlogBrowser');
    await expect(page.getByRole('button', { name: 'Negócios' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(count);
  });

  test('searches title, excerpt and tags without caring for case or accents, combined with the category', async ({ page }) => {
    await openBlog(page);
    const search = page.getByPlaceholder('Buscar artigos...');
    await search.fill('TERMOPAR');
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page).getByRole('heading').first()).toContainText(/termopar/i);

    await search.fill('integradores'); // a tag and the title of the CMS post
    await expect(cards(page).getByRole('heading', { name: CMS_POST.title })).toBeVisible();
    await search.fill('lido pelo build'); // only in the CMS post's excerpt
    await expect(cards(page)).toHaveCount(1);

    await search.fill('calibracao');
    await expect(cards(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Negócios' }).click();
    await expect(page).toHaveURL(/categoria=Neg%C3%B3cios&busca=calibracao/);
    await expect(page.getByRole('heading', { name: 'Nenhum artigo encontrado' })).toBeVisible();
    await expect(page.getByText('Não encontramos artigos correspondentes à sua busca.')).toBeVisible();

    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(9);
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('the newsletter block stores the e-mail and confirms', async ({ page }) => {
    await openBlog(page);
    await islandsHydrated(page, 'NewsletterForm');
    const block = page.getByRole('region', { name: 'Receba novos artigos por e-mail' });
    await block.getByLabel('E-mail').fill(`leitor-${Date.now()}@exemplo.com.br`);
    await block.getByRole('button', { name: 'Inscrever-se' }).click();
    await expect(block.getByRole('status')).toHaveText('Enviamos um e-mail para você confirmar a inscrição.');
  });

  test('without JavaScript the page still lists the articles and links to the next page', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/blog`);
    await expect(page.getByRole('list', { name: 'Artigos' }).getByRole('listitem')).toHaveCount(9);
    await page.getByRole('link', { name: 'Carregar mais artigos' }).click();
    await expect(page).toHaveURL(/\/blog\/pagina\/2$/);
    await expect(page.getByRole('list', { name: 'Artigos' }).getByRole('listitem')).toHaveCount(2);
    await context.close();
  });
});

test.describe('article page', () => {
  test('shows the article with back link, cover, category, author, date, tags, body, reading time and closing block', async ({
    page,
  }) => {
    await page.goto('/blog/leitura-de-termopar-com-esp32');
    await expect(page.getByRole('link', { name: 'Voltar ao Blog' })).toHaveAttribute('href', '/blog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/min de leitura$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem').first()).toBeVisible();
    const body = page.locator('.prose-article');
    await expect(body).toContainText('8386500');
    await expect(body).toContainText('8387580');
    await expect(body.locator('pre.astro-code').first(), 'código com realce de sintaxe').toBeVisible();
    const closing = page.getByRole('region', { name: 'Gostou do artigo?' });
    await expect(closing.getByRole('link', { name: 'Entre em Contato' })).toHaveAttribute('href', '/contato');
    await expect(closing.getByRole('link', { name: 'Ver Produtos' })).toHaveAttribute('href', '/produtos');
    await expect(page.getByRole('region', { name: 'Artigos relacionados' }).getByRole('listitem')).toHaveCount(3);
  });

  test('an external link opens in a new tab and says so; a wide table scrolls in its own box', async ({ page }) => {
    await page.goto('/blog/instalando-arduino-ide-controlador-stm32');
    const link = page.locator('.prose-article a[href="https://www.arduino.cc/en/software"]').first();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAccessibleName(/\(abre em nova aba\)$/);
    await page.goto('/blog/corrigindo-conflito-da-porta-serial');
    const box = page.getByRole('region', { name: 'Tabela: role para o lado para ver todas as colunas' }).first();
    await expect(box.locator('table')).toHaveCount(1);
    await expect(box).toHaveAttribute('tabindex', '0');
  });

  test('links written as JSX in an article get the same treatment as Markdown links', async ({ page }) => {
    await page.goto('/blog/video-apresentacao-shield-industrial-esp32');
    // Written `<a href={site.social.youtube}>` in the MDX file.
    const channel = page.getByRole('link', { name: 'canal da Operium no YouTube (abre em nova aba)' });
    await expect(channel).toHaveAttribute('href', site.social.youtube);
    await expect(channel).toHaveAttribute('target', '_blank');
    await expect(channel).toHaveAttribute('rel', 'noopener noreferrer');
    // Every article: no link to another site in a body opens in the same tab or keeps the opener.
    const siteDir = process.env.E2E_SITE_DIR!;
    const slugs = (await readdir(path.join(siteDir, 'blog'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && !['404', 'pagina', 'capas', 'dados'].includes(entry.name))
      .map((entry) => entry.name);
    const untreated: string[] = [];
    for (const slug of slugs) {
      const html = await readFile(path.join(siteDir, 'blog', slug, 'index.html'), 'utf8');
      const body = html.slice(html.indexOf('class="prose-article'), html.indexOf('</article>'));
      for (const [link] of body.matchAll(/<a [^>]*href="https?:\/\/[^>]*>/g))
        if (!link.includes('target="_blank"') || !link.includes('rel="noopener noreferrer"')) untreated.push(`${slug}: ${link}`);
    }
    expect(untreated).toEqual([]);
  });

  test('the video is a facade: nothing from YouTube loads until play, then the no-cookie player the CSP allows', async ({
    page,
  }) => {
    const youtube: string[] = [];
    page.on('request', (request) => {
      if (/youtube|ytimg|googlevideo/.test(new URL(request.url()).hostname)) youtube.push(request.url());
    });
    // No internet here: the player's address answers with a stand-in page.
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' }),
    );
    await page.goto('/blog/video-apresentacao-shield-industrial-esp32');
    const play = page.getByRole('link', { name: /^Reproduzir o vídeo: Apresentação do shield industrial/ });
    await expect(play).toBeVisible();
    await expect(play).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=/);
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(youtube, 'nada do YouTube antes do clique').toEqual([]);

    const violations = page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective));
          setTimeout(() => resolve(seen), 1500);
        }),
    );
    await play.click();
    const player = page.frameLocator('iframe[title^="Apresentação do shield industrial"]');
    await expect(player.getByText('player')).toBeVisible();
    await expect(page.locator('iframe')).toHaveAttribute(
      'src',
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1/,
    );
    expect(await violations).toEqual([]);
    expect(youtube.every((url) => url.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
  });

  test('carries BlogPosting and BreadcrumbList structured data', async ({ page }) => {
    await page.goto('/blog/funcao-map-no-arduino');
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = blocks.flatMap((text) => (JSON.parse(text) as { '@type': string }[]).map((item) => item['@type']));
    expect(types).toEqual(['BlogPosting', 'BreadcrumbList']);
    const [posting] = JSON.parse(blocks[0]!) as Record<string, unknown>[];
    expect(posting).toMatchObject({
      headline: expect.any(String),
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      inLanguage: 'pt-BR',
    });
  });

  test('a CMS post is rendered with its hostile markup removed', async ({ page }) => {
    await page.goto(`/blog/${CMS_POST.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CMS_POST.title);
    await expect(page.getByText('Redação Operium')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Publicado pelo painel' })).toBeVisible();
    const html = await page.locator('.prose-article').innerHTML();
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(await page.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked)).toBeUndefined();
  });

  test('a CMS post without a cover gets one drawn from its title, on its page and its card', async ({ page, request }) => {
    const href = `/blog/capas/${CMS_POST.slug}.svg`;
    const svg = await request.get(href);
    expect(svg.headers()['content-type']).toContain('image/svg+xml');
    expect(await svg.text()).toContain(CMS_POST.category);

    await page.goto(`/blog/${CMS_POST.slug}`);
    const header = page.locator(`article img[src="${href}"]`);
    await expect(header).toHaveCount(1);
    await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The share image stays a PNG, which social networks take.
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/og-default\.png$/);

    await openBlog(page, `?busca=${encodeURIComponent(CMS_POST.title)}`);
    const card = cards(page).filter({ hasText: CMS_POST.title });
    await expect(card.locator('img')).toHaveAttribute('src', href);
    await expect(card.locator('img')).not.toHaveAttribute('src', /artwork|linha-s/);
  });

  test('an unknown slug answers 404 with "Artigo não encontrado" and a way back', async ({ page, consoleErrors }) => {
    const response = await page.goto('/blog/artigo-que-nao-existe');
    expect(response?.status()).toBe(404);
    allowConsoleErrors(consoleErrors, /status of 404/);
    await expect(page.getByRole('heading', { name: 'Artigo não encontrado' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe('feed and sitemap', () => {
  test('the RSS 2.0 feed lists every article and every page links to it', async ({ page, request }) => {
    const feed = await request.get('/rss.xml');
    expect(feed.status()).toBe(200);
    const xml = await feed.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><rss version="2.0" xmlns:atom="http:\/\/www.w3.org\/2005\/Atom">/,
    );
    for (const element of ['<title>', '<link>', '<description>', '<language>pt-BR</language>']) expect(xml).toContain(element);
    // The feed names its own address, as feed validators ask.
    expect(xml).toContain('<atom:link href="http://127.0.0.1/rss.xml" rel="self" type="application/rss+xml"/>');
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1]!);
    expect(items).toHaveLength(11);
    for (const item of items) {
      expect(item).toMatch(/<title>[^<]+<\/title>/);
      expect(item).toMatch(/<link>http:\/\/127\.0\.0\.1\/blog\/[a-z0-9-]+<\/link>/);
      // RFC 822 in Brasília's offset (src/lib/format.ts formatRssDate).
      expect(item).toMatch(
        /<pubDate>(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} -0[23]00<\/pubDate>/,
      );
    }
    await page.goto('/');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
  });

  test('the sitemap lists every article', async () => {
    const sitemap = await readFile(path.join(process.env.E2E_SITE_DIR!, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).toContain('http://127.0.0.1/blog/funcao-map-no-arduino</loc>');
    expect(sitemap).toContain(`http://127.0.0.1/blog/${CMS_POST.slug}</loc>`);
    expect(sitemap).not.toContain('/blog/404');
  });
});
