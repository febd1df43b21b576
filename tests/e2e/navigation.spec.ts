import { test, expect, islandsHydrated } from './fixtures';
import { site } from '../../src/config/site';
import seedMenus from '../../shared/site-menus.json' with { type: 'json' };

test.describe('top navigation', () => {
  test('lists every item of the spec in order, with the right targets', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Menu principal', exact: true });
    const links = nav.getByRole('link');
    // A fresh install's top menu (shared/site-menus.json).
    await expect(links).toHaveCount(seedMenus.menus.find((menu) => menu.key === 'header')!.items.length);
    const labels = [
      'Home',
      'Loja',
      'Quem Somos',
      'Produtos',
      'Projetos Sob Medida',
      'Blog',
      'DataSheets',
      'Softwares',
      'Contato',
    ];
    for (const [index, label] of labels.entries()) {
      await expect(links.nth(index), `item ${index + 1} do menu`).toHaveText(new RegExp(`^${label}`));
    }
    await expect(nav.getByRole('link', { name: 'Produtos' })).toHaveAttribute('href', '/produtos');
    await expect(nav.getByRole('link', { name: 'DataSheets' })).toHaveAttribute('href', '/referencias/datasheets');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    const store = nav.getByRole('link', { name: /Loja/ });
    const storeItem = seedMenus.menus.flatMap((menu) => menu.items).find((item) => item.label === 'Loja')!;
    await expect(store).toHaveAttribute('href', storeItem.path);
    await expect(store).toHaveAttribute('target', '_blank');
    await expect(store).toHaveAttribute('rel', /noopener/);
  });

  test('"Fale com um especialista" opens the chat link in a new tab', async ({ page }) => {
    await page.goto('/');
    const expert = page.getByRole('banner').getByRole('link', { name: /Fale com um especialista/ });
    await expect(expert).toBeVisible();
    await expect(expert).toHaveAttribute('href', site.chat.link);
    await expect(expert).toHaveAttribute('target', '_blank');
  });
});

test.describe('header at laptop widths, whatever the fonts', () => {
  // The forced font is an inline <style>, which the site's CSP refuses.
  test.use({ bypassCSP: true });

  /**
   * Debian's default sans (DejaVu Sans) is ~15% wider than Arial; Liberation Sans has
   * Arial's metrics. Both are installed by the test setup (ensureTestFonts, scripts/test-tools/chromium.mjs).
   */
  for (const font of ['DejaVu Sans', 'Liberation Sans']) {
    for (const width of [1280, 1366, 1440]) {
      test(`fits at ${width} px in ${font}, "Fale com um especialista" whole`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        await page.addStyleTag({ content: `*, *::before, *::after { font-family: '${font}' !important; }` });
        // A missing font would silently fall back to another one: its text then measures as the fallback's.
        const installed = await page.evaluate((name) => {
          const context = document.createElement('canvas').getContext('2d')!;
          const measure = (family: string) => {
            context.font = `16px ${family}`;
            return context.measureText('Fale com um especialista').width;
          };
          return measure(`'${name}', monospace`) === measure(`'${name}', serif`);
        }, font);
        expect(installed, `a fonte ${font} está instalada`).toBe(true);

        const header = page.getByRole('banner');
        const widths = await header.evaluate((element) => ({
          page: document.documentElement.scrollWidth,
          header: element.scrollWidth,
          window: window.innerWidth,
        }));
        expect(widths, 'nada passa da largura da janela').toEqual({ page: width, header: width, window: width });
        // Nor past the header's own column (at 1440 an overflow would still be inside the window).
        const row = await header.evaluate((element) => {
          const column = element.firstElementChild as HTMLElement;
          return { content: column.scrollWidth, column: column.clientWidth };
        });
        expect(row.content, 'o conteúdo cabe na coluna do cabeçalho').toBeLessThanOrEqual(row.column);
        const cta = header.getByRole('link', { name: /Fale com um especialista/ });
        await expect(cta).toBeInViewport({ ratio: 1 });
        expect(await cta.evaluate((element) => element.scrollWidth <= element.clientWidth), 'o texto cabe no botão').toBe(true);
      });
    }
  }
});

test.describe('home page', () => {
  test('shows the hero, the testing banner and both actions', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Tecnologia de ponta em controladores industriais e desenvolvimento de placas especiais com fabricação nacional',
    );
    await expect(
      page.getByText('Soluções robustas para controle de máquinas e monitoramento de equipamentos.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('100% dos nossos produtos são testados antes do envio')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Conheça nossos produtos' })).toHaveAttribute('href', '/produtos');
    const custom = page.getByRole('link', { name: /Solicitar Projeto Customizado/ });
    await expect(custom).toHaveAttribute('target', '_blank');
    await expect(custom).toHaveAttribute('href', new RegExp(`phone=${site.chat.number}`));
  });

  test('has the four line cards with their counts and links, ops and opm featured', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Nossas linhas de produtos' });
    const expected = [
      { id: 'ops', name: 'Linha S', count: '4 produtos', featured: true },
      { id: 'opm', name: 'Linha M', count: '1 produto', featured: true },
      { id: 'opx', name: 'Linha X', count: '1 produto', featured: false },
      { id: 'ope', name: 'Acessórios', count: '1 produto', featured: false },
    ];
    const cards = section.getByRole('listitem');
    await expect(cards).toHaveCount(4);
    for (const [index, line] of expected.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(line.name);
      await expect(card.getByTestId('product-count')).toHaveText(line.count);
      await expect(card.getByRole('link', { name: /Ver produtos/ })).toHaveAttribute('href', `/produtos/linha/${line.id}`);
      await expect(card.getByText('Destaque')).toHaveCount(line.featured ? 1 : 0);
    }
    await expect(page.getByRole('link', { name: 'Ver todos os produtos' })).toHaveAttribute('href', '/produtos');
    await expect(page.getByRole('link', { name: 'Baixar catálogo' })).toHaveAttribute('href', '/catalogo-digital');
  });

  test('shows the custom-hardware teaser, seven partners and the call-to-action band', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Desenvolvimento gratuito para lotes a partir de 25 unidades.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Conheça o processo' })).toHaveAttribute('href', '/projetos-sob-medida');
    const partners = page.getByRole('region', { name: /Parceiros/ });
    await expect(partners.getByRole('listitem')).toHaveCount(7);
    // Each partner is its logo (an SVG with the full name as its text), greyscale until hovered.
    const logo = partners.getByRole('img', { name: 'Serviço Nacional de Aprendizagem Industrial' });
    await expect(partners.getByRole('img')).toHaveCount(7);
    await expect(logo).toHaveAttribute('src', /\.svg$/);
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(logo).toHaveCSS('filter', 'grayscale(1)');
    await logo.hover();
    await expect(logo).toHaveCSS('filter', 'grayscale(0)');
    await expect(
      page.getByRole('region', { name: /Pronto para/ }).getByRole('link', { name: /Fale com um especialista/ }),
    ).toHaveAttribute('href', site.chat.link);
  });

  test('cards fade in 100 ms apart, and not at all for reduced motion', async ({ page, browser }) => {
    await page.goto('/');
    const delays = await page
      .locator('.stagger-item')
      .evaluateAll((items) => items.map((item) => getComputedStyle(item).animationDelay));
    expect(delays).toEqual(['0s', '0.1s', '0.2s', '0.3s']);

    const reduced = await browser.newContext({ reducedMotion: 'reduce' });
    const calm = await reduced.newPage();
    await calm.goto(`${process.env.E2E_BASE_URL}/`);
    const names = await calm
      .locator('.stagger-item')
      .evaluateAll((items) => items.map((item) => getComputedStyle(item).animationName));
    expect(names).toEqual(['none', 'none', 'none', 'none']);
    await reduced.close();
  });
});

test.describe('footer', () => {
  test('has the blurb, three phones, e-mail, address, link groups and social icons', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(site.blurb)).toBeVisible();
    for (const phone of Object.values(site.phones)) {
      await expect(footer.getByRole('link', { name: phone.display })).toHaveAttribute('href', `tel:${phone.e164}`);
    }
    await expect(footer.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    await expect(footer.getByText(/Jaraguá do Sul – SC/)).toBeVisible();
    const quick = footer.getByRole('navigation', { name: 'Links rápidos' }).getByRole('link');
    await expect(quick).toHaveText([
      'Quem Somos',
      'Produtos',
      'Projetos Sob Medida',
      'Catálogo Digital',
      'Política de Privacidade',
    ]);
    const resources = footer.getByRole('navigation', { name: 'Recursos' }).getByRole('link');
    await expect(resources).toHaveText(['Blog', 'Clientes', 'Contato']);
    await expect(footer.getByRole('list', { name: 'Redes sociais' }).getByRole('link')).toHaveCount(4);
  });

  test('newsletter needs an e-mail and confirms the sign-up, also for an address already on the list', async ({ page }) => {
    await page.goto('/');
    await islandsHydrated(page, 'NewsletterForm');
    const footer = page.getByRole('contentinfo');
    const email = footer.getByLabel('E-mail');
    const subscribe = footer.getByRole('button', { name: 'Inscrever' });
    await subscribe.click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing), 'o e-mail é obrigatório').toBe(true);

    const address = `teste-${Date.now()}-${Math.random().toString(36).slice(2)}@exemplo.com.br`;
    await email.fill(address);
    await subscribe.click();
    await expect(footer.getByRole('status')).toHaveText('Enviamos um e-mail para você confirmar a inscrição.');

    await page.reload();
    await islandsHydrated(page, 'NewsletterForm');
    await footer.getByLabel('E-mail').fill(address);
    await footer.getByRole('button', { name: 'Inscrever' }).click();
    await expect(footer.getByRole('status')).toHaveText('Enviamos um e-mail para você confirmar a inscrição.');
  });
});
