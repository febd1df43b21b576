import { existsSync } from 'node:fs';
import { ensureDebianTool } from './debian-tool.mjs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags for headless Chromium on machines with a closed network and no GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Finds a Chromium: CHROME_PATH, then Debian's /usr/bin/chromium, then Playwright's own browser. */
export async function findChromium() {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    throw new Error(`CHROME_PATH aponta para "${process.env.CHROME_PATH}", que não existe.`);
  }
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  try {
    const { chromium } = await import('playwright-core');
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // playwright-core without browsers: fall through.
  }
  return undefined;
}

/**
 * Returns a Chromium path, installing Debian's `chromium` package when none exists
 * and this process may (root with apt-get). Otherwise fails with instructions.
 */
export async function ensureChromium() {
  const found = await findChromium();
  if (found) return found;
  try {
    return ensureDebianTool(SYSTEM_CHROMIUM, 'chromium', '[testes]');
  } catch (error) {
    throw new Error(
      'Nenhum Chromium encontrado para os testes de navegador. Instale um com `sudo apt-get install chromium` ' +
        '(Debian/Ubuntu) ou indique o executável em CHROME_PATH=/caminho/do/chromium.',
      { cause: error },
    );
  }
}

/**
 * The fonts the header test forces on the page (tests/e2e/navigation.spec.ts): Debian's
 * default sans, wider than most, and Liberation Sans, with Arial's widths.
 */
const TEST_FONTS = [
  { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', pkg: 'fonts-dejavu-core' },
  { file: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', pkg: 'fonts-liberation' },
];

/**
 * Installs the test fonts as Chromium is installed (Debian's packages, when root). Where
 * that cannot be done it only warns: the header test then fails, naming the missing font.
 */
export function ensureTestFonts() {
  for (const { file, pkg } of TEST_FONTS) {
    try {
      ensureDebianTool(file, pkg, '[testes]');
    } catch (error) {
      process.stderr.write(`[testes] ${error instanceof Error ? error.message : error}\n`);
    }
  }
}
