/**
 * The site search's quality set: queries as engineers type them (a product by its specification, its
 * code and its unit written together or apart, an article by its subject, a page, a
 * download, a typo, no accents, the start of a word), each with the page it must show among
 * the first 5 results of its type, asked through the dialog on the built site.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

const GITHUB = 'https://github.com/operium-industrial';

/** Query → the URL it must find (a download's is its file's). */
const QUALITY_SET: [query: string, url: string][] = [
  // Products by code, written as printed and as typed.
  ['OPX1-001', '/produtos/opx1001'],
  ['OPX1001', '/produtos/opx1001'],
  ['OPS0150', '/produtos/ops0150'],
  ['OPS 0150', '/produtos/ops0150'],
  ['OPE-100', '/produtos/ope100'],
  ['OPE100', '/produtos/ope100'],
  ['opm001', '/produtos/opm001'],
  // Products by spec and unit, together and apart.
  ['PT100', '/produtos/opx1001'],
  ['pt 100', '/produtos/opx1001'],
  ['fonte chaveada 24V', '/produtos/ope100'],
  ['fonte 24 V', '/produtos/ope100'],
  ['120W', '/produtos/ope100'],
  ['120 W', '/produtos/ope100'],
  ['EEPROM 64Kb', '/produtos/ops0150'],
  ['célula de carga', '/produtos/ops012'],
  ['celula de carga', '/produtos/ops012'],
  ['antena externa', '/produtos/opm001'],
  ['18 entradas', '/produtos/opx1001'],
  ['saídas mosfet', '/produtos/ops0150'],
  ['troca automática de tensão', '/produtos/ope100'],
  // Articles by subject.
  ['termopar', '/blog/leitura-de-termopar-com-esp32'],
  ['calibracao sensor', '/blog/calibracao-de-sensores-analogicos'],
  ['calibração offset', '/blog/calibracao-de-sensores-analogicos'],
  ['Timed out waiting for packet header', '/blog/conectando-o-esp32-botao-boot'],
  ['botão BOOT', '/blog/conectando-o-esp32-botao-boot'],
  ['CH340', '/blog/instalando-driver-usb-do-esp32'],
  ['driver usb esp32', '/blog/instalando-driver-usb-do-esp32'],
  ['Serial1', '/blog/corrigindo-conflito-da-porta-serial'],
  ['conflito porta serial', '/blog/corrigindo-conflito-da-porta-serial'],
  ['funcao map', '/blog/funcao-map-no-arduino'],
  ['STM32 Arduino IDE', '/blog/instalando-arduino-ide-controlador-stm32'],
  ['2.0.17', '/blog/instalando-pacote-esp32-na-arduino-ide'],
  ['display TTL seladora', '/blog/comunicacao-shield-display-ttl'],
  ['vídeo shield industrial', '/blog/video-apresentacao-shield-industrial-esp32'],
  // A typo, and the start of a word.
  ['termopr', '/blog/leitura-de-termopar-com-esp32'],
  ['calibr', '/blog/calibracao-de-sensores-analogicos'],
  // Pages.
  ['quem somos', '/quem-somos'],
  ['missão visão', '/quem-somos'],
  ['projetos sob medida', '/projetos-sob-medida'],
  ['politica de privacidade', '/politica-privacidade'],
  ['catálogo digital', '/catalogo-digital'],
  // Downloads.
  ['Modbus RTU escravo', `${GITHUB}/exemplo-modbus-rtu-escravo/releases/latest`],
  ['biblioteca OLED', `${GITHUB}/biblioteca-display-oled-i2c/releases/latest`],
  ['media movel', `${GITHUB}/filtro-media-movel/releases/latest`],
  ['watchdog', `${GITHUB}/watchdog-reinicio-seguro/releases/latest`],
  ['temporizadores CLP', `${GITHUB}/biblioteca-temporizadores-clp/releases/latest`],
  ['datasheet OPS010', 'https://drive.google.com/file/d/1yp_GIZFiuMM_S9MDApR14dLbMxHds4GI/view'],
];

/** The group a URL's result is listed under. */
function typeOf(url: string): string {
  if (/^https?:\/\//.test(url)) return 'Downloads';
  if (url.startsWith('/produtos/')) return 'Produtos';
  if (url.startsWith('/blog/')) return 'Artigos';
  return 'Páginas';
}

/** The first 5 results of a type the dialog shows for `query`, once it answered it. */
async function firstResults(page: Page, query: string, type: string): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Buscar no site' });
  await dialog.getByRole('searchbox').fill(query);
  await expect(dialog.getByRole('status')).toContainText(`“${query}”`, { timeout: 15_000 });
  const links = dialog.getByRole('region', { name: type, exact: true }).locator('a[data-result]');
  if (!(await links.count())) return [];
  // A link with a trailing slash reaches the same page (the site answers it with a redirect).
  const hrefs = await links.evaluateAll((found) => found.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.slice(0, 5).map((href) => (href.startsWith('/') ? href.replace(/(.)\/$/, '$1') : href));
}

test(`each of the ${QUALITY_SET.length} queries shows its page among the first 5 of its type`, async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.keyboard.press('Control+k');
  const misses: string[] = [];
  for (const [query, url] of QUALITY_SET) {
    const type = typeOf(url);
    const shown = await firstResults(page, query, type);
    if (!shown.includes(url)) misses.push(`${query} → ${url} (${type}: ${shown.join(', ') || 'nenhum'})`);
  }
  expect(misses, `${misses.length} de ${QUALITY_SET.length} consultas sem a página esperada`).toEqual([]);
});
