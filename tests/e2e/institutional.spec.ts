import { test, expect } from './fixtures';
import { site } from '../../src/config/site';

test.describe('custom hardware', () => {
  test('shows the six steps and an accordion with one case open at a time that can be collapsed', async ({ page }) => {
    await page.goto('/projetos-sob-medida');
    await expect(page.getByRole('region', { name: /Nosso processo/ }).getByRole('listitem')).toHaveCount(6);
    const cases = page.getByRole('region', { name: 'Casos de sucesso' }).locator('details');
    await expect(cases).toHaveCount(2);
    const [first, second] = [cases.nth(0), cases.nth(1)];
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first).toContainText('RS485');
    await second.locator('summary').click();
    await expect(second).toHaveAttribute('open', '');
    await expect(first).not.toHaveAttribute('open', '');
    await expect(second).toContainText('0,1 ºC');
    await second.locator('summary').click();
    await expect(second).not.toHaveAttribute('open', '');
    await expect(page.getByRole('link', { name: 'Fale com a equipe' })).toHaveAttribute('href', '/contato');
  });

  test('each application and technology card has an icon of its own', async ({ page }) => {
    await page.goto('/projetos-sob-medida');
    const shapes = await page
      .locator('#aplicacoes ~ ul li svg path, #tecnologias ~ ul li svg path')
      .evaluateAll((paths) => paths.map((path) => path.getAttribute('d')));
    expect(shapes).toHaveLength(8);
    expect(new Set(shapes).size).toBe(8);
  });
});

test.describe('testimonials and about', () => {
  test('/clientes shows six testimonials fading in 100 ms apart and the statistics', async ({ page }) => {
    await page.goto('/clientes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('O que dizem nossos clientes');
    const cards = page.getByRole('list', { name: 'Depoimentos' }).locator('figure');
    await expect(cards).toHaveCount(6);
    expect(await cards.evaluateAll((list) => list.map((card) => getComputedStyle(card).animationDelay))).toEqual([
      '0s',
      '0.1s',
      '0.2s',
      '0.3s',
      '0.4s',
      '0.5s',
    ]);
    for (const figure of [
      site.figures.clients,
      site.figures.yearsOfExperience,
      site.figures.unitsMade,
      site.figures.testedProducts,
    ]) {
      await expect(page.getByText(figure, { exact: true })).toBeVisible();
    }
  });

  test('/quem-somos shows the seven values, the founding year and three testimonials', async ({ page }) => {
    await page.goto('/quem-somos');
    await expect(page.getByRole('region', { name: 'Valores' }).getByRole('listitem')).toHaveCount(7);
    await expect(page.getByText(`Fundada em ${site.foundedYear}`, { exact: true })).toBeVisible();
    await expect(page.locator('figure')).toHaveCount(3);
  });
});

test.describe('references', () => {
  test('datasheets: six cards with external downloads and the support block', async ({ page }) => {
    await page.goto('/referencias/datasheets');
    const downloads = page.getByRole('link', { name: /^Download/ });
    await expect(downloads).toHaveCount(6);
    for (const link of await downloads.all()) await expect(link).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: 'OPS150' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Não encontrou o que procura?' })).toBeVisible();
    await expect(page.getByRole('link', { name: site.supportEmail })).toHaveAttribute('href', `mailto:${site.supportEmail}`);
  });

  test('softwares: about 33 downloads grouped in the eleven categories', async ({ page }) => {
    await page.goto('/referencias/softwares');
    const groups = page.locator('main section[aria-labelledby]');
    await expect(groups).toHaveCount(11);
    const count = await page.getByRole('link', { name: /^Download/ }).count();
    expect(count).toBeGreaterThanOrEqual(30);
    expect(count).toBeLessThanOrEqual(36);
  });

  test('privacy policy: the eight LGPD sections', async ({ page }) => {
    await page.goto('/politica-privacidade');
    const headings = page.locator('main article').getByRole('heading', { level: 2 });
    await expect(headings).toHaveCount(8);
    await expect(headings.first()).toHaveText('1. Identificação do controlador');
    await expect(headings.last()).toHaveText('8. Contato');
  });
});

test.describe('e-mail signatures', () => {
  test('"Copiar HTML" works from the first click, before the page has finished loading, and confirms', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    // Scripts from /_astro/ are held back: the click comes before any of them could run.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/assinaturas-email', { waitUntil: 'domcontentloaded' });
    const sections = page.locator('section[data-signature]');
    await expect(sections).toHaveCount(3);
    const compact = sections.nth(1);
    const title = (await compact.getByRole('heading', { level: 2 }).textContent())!.trim();
    const source = await compact.getByLabel('Código HTML').inputValue();
    await compact.getByRole('button', { name: /Copiar HTML/ }).click();
    await expect(compact.getByRole('status')).toHaveText(
      `HTML copiado! Assinatura "${title}" copiada para a área de transferência.`,
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(source.trim());
    expect(source).toContain('[Seu Nome]');
    release();
    // A second copy is announced again.
    await compact.getByRole('button', { name: /Copiar HTML/ }).click();
    await expect(compact.getByRole('status')).toContainText('HTML copiado!');
  });
});
