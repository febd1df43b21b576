/**
 * No visitor input is ever lost, on a 390 px phone, for each public form:
 * typed at once as the page loads; sent while the site's scripts are 4 s late (the
 * browser posts the form itself); sent with JavaScript off; an empty sending in a
 * browser set to English answers in pt-BR only; a lost connection, then 'Tentar
 * novamente', stores it once; a double click stores one record. What was typed never
 * reaches an address (URL) of any request.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { superuser } from '../helpers/staff';
import { test, expect, islandsHydrated, allowConsoleErrors } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

type Collection = 'contact_messages' | 'comments' | 'newsletter_subscribers';

interface FormCase {
  name: string;
  path: string;
  collection: Collection;
  island: string;
  form: (page: Page) => Locator;
  fill: (form: Locator, email: string) => Promise<void>;
  submit: string;
  /** Where the form lands when the browser sent it itself, and what that page says. */
  sent: { url: RegExp; text: string };
  /** What the island shows once sent. */
  done: string;
  /** The first field an empty sending names, and its pt-BR message. */
  empty: { label: RegExp; message: string };
}

const NAME = 'Visitante Sem Pressa';
const CASES: FormCase[] = [
  {
    name: 'contato',
    path: '/contato',
    collection: 'contact_messages',
    island: 'ContactForm',
    form: (page) => page.locator('main form:has(textarea)'),
    fill: async (form, email) => {
      await form.getByRole('textbox', { name: /^Nome/ }).fill(NAME);
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Telefone').fill('(47) 99999-1234');
      await form.getByLabel('Empresa').fill('Máquinas do Vale');
      await form.getByLabel('Já possui máquina ou equipamento?').selectOption('sim');
      await form.getByLabel('Volume estimado').selectOption('11-25');
      await form.getByLabel('Interesse').selectOption('produtos');
      await form.getByLabel('Mensagem').fill('Preciso de 20 controladores com RS485 para uma envasadora.');
    },
    submit: 'Enviar mensagem',
    sent: { url: /\/contato\/enviado$/, text: 'Obrigado pelo contato.' },
    done: 'Mensagem enviada!',
    empty: { label: /^Nome/, message: 'Preencha este campo.' },
  },
  {
    name: 'comentário',
    path: '/blog/funcao-map-no-arduino',
    collection: 'comments',
    island: 'CommentForm',
    form: (page) => page.locator('#comentarios form'),
    fill: async (form, email) => {
      await form.getByRole('textbox', { name: /^Nome/ }).fill(NAME);
      await form.getByLabel(/^E-mail/).fill(email);
      await form.getByLabel('Comentário', { exact: true }).fill('Funciona também com entradas de 0 a 10 V?');
      await form.getByLabel(/Concordo que a Operium armazene/).check();
    },
    submit: 'Enviar comentário',
    sent: { url: /\/blog\/funcao-map-no-arduino#comentario-enviado$/, text: 'Comentário enviado!' },
    done: 'Comentário enviado!',
    empty: { label: /^Nome/, message: 'Preencha este campo.' },
  },
  {
    name: 'newsletter do blog',
    path: '/blog',
    collection: 'newsletter_subscribers',
    island: 'NewsletterForm',
    form: (page) => page.locator('main form:has(input[type="email"])'),
    fill: async (form, email) => form.getByLabel('E-mail').fill(email),
    submit: 'Inscrever-se',
    sent: { url: /\/newsletter\/inscricao$/, text: 'Enviamos um e-mail para você confirmar a inscrição.' },
    done: 'Enviamos um e-mail para você confirmar a inscrição.',
    empty: { label: /^E-mail/, message: 'Preencha este campo.' },
  },
  {
    name: 'newsletter do rodapé',
    path: '/',
    collection: 'newsletter_subscribers',
    island: 'NewsletterForm',
    form: (page) => page.locator('footer form'),
    fill: async (form, email) => form.getByLabel('E-mail').fill(email),
    submit: 'Inscrever',
    sent: { url: /\/newsletter\/inscricao$/, text: 'Enviamos um e-mail para você confirmar a inscrição.' },
    done: 'Enviamos um e-mail para você confirmar a inscrição.',
    empty: { label: /^E-mail/, message: 'Preencha este campo.' },
  },
];

/** The cookie choice made (nothing may cover a form after it: forms-uncovered.mobile.spec.ts): declined, so no analytics. */
const DECLINE_COOKIES = () => {
  localStorage.setItem('cookie-consent', 'true');
  localStorage.setItem('cookie-preferences', JSON.stringify({ necessary: true, analytics: false, marketing: false }));
};

let visitors = 0;
/** Each test is a visitor of its own address (the e2e server trusts X-Forwarded-For): the per-address limits never mix tests. */
function visitorAddress() {
  visitors++;
  return `10.${process.pid % 250}.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`;
}

const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;

async function storedWith(collection: Collection, email: string) {
  const client = await superuser();
  return client.collection(collection).getFullList({ filter: client.filter('email = {:email}', { email }) });
}

/** Records every address the page asks for, to prove no typed value goes into one. */
function watchAddresses(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

function expectNothingTypedIn(urls: string[], email: string) {
  const typed = [email, encodeURIComponent(email), 'Sem%20Pressa', 'Sem+Pressa', '99999-1234'];
  for (const url of urls) for (const value of typed) expect(url, `${value} em ${url}`).not.toContain(value);
}

const SCRIPTS = /\/_astro\/.*\.js$/;

/** The site's scripts arrive `ms` late, as on a slow phone network. */
async function delayScripts(page: Page, ms: number) {
  await page.route(SCRIPTS, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => {}); // the page may have moved on
  });
}

async function newVisitor(browser: Browser, options: { javaScriptEnabled?: boolean; locale?: string } = {}) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? 'pt-BR',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
  });
  await context.addInitScript(DECLINE_COOKIES);
  return { context, page: await context.newPage() };
}

for (const c of CASES) {
  test.describe(`formulário: ${c.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() });
      await page.addInitScript(DECLINE_COOKIES);
    });

    test('typed at once as the page loads and sent before its scripts arrive: posted by the browser, stored once, nothing in an address', async ({
      page,
    }) => {
      const email = uniqueEmail('antes-dos-scripts');
      const urls = watchAddresses(page);
      await delayScripts(page, 4000);
      await page.goto(c.path, { waitUntil: 'domcontentloaded' });
      const form = c.form(page);
      await form.scrollIntoViewIfNeeded();
      await c.fill(form, email);
      await form.getByRole('button', { name: c.submit }).click();
      await expect(page).toHaveURL(c.sent.url);
      await expect(page.getByText(c.sent.text).first()).toBeVisible();
      expect(await storedWith(c.collection, email)).toHaveLength(1);
      expectNothingTypedIn(urls, email);
    });

    test('typed at once as the page loads: the island hydrates around what was typed, then sends it', async ({ page }) => {
      const email = uniqueEmail('durante');
      await delayScripts(page, 1500);
      await page.goto(c.path, { waitUntil: 'domcontentloaded' });
      const form = c.form(page);
      await form.scrollIntoViewIfNeeded();
      await c.fill(form, email);
      await islandsHydrated(page, c.island);
      await expect(form.getByLabel(/E-mail/).first()).toHaveValue(email);
      if (c.collection === 'comments') await expect(form.getByLabel(/Concordo que a Operium armazene/)).toBeChecked();
      if (c.collection !== 'newsletter_subscribers') await expect(form.getByRole('textbox', { name: /^Nome/ })).toHaveValue(NAME);
      await form.getByRole('button', { name: c.submit }).click();
      await expect(page.getByRole('status').filter({ hasText: c.done })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${c.path === '/' ? '/$' : `${c.path}$`}`));
      expect(await storedWith(c.collection, email)).toHaveLength(1);
    });

    test('with JavaScript off: a refusal keeps what was typed beside pt-BR messages; corrected, it is stored', async ({
      browser,
    }) => {
      const { context, page } = await newVisitor(browser, { javaScriptEnabled: false });
      try {
        const email = uniqueEmail('sem-js');
        const urls = watchAddresses(page);
        await page.goto(c.path);
        const form = c.form(page);
        // Everything but a valid e-mail: the server names that field and keeps the rest.
        await c.fill(form, 'sem-arroba');
        await form.getByRole('button', { name: c.submit }).click();
        await expect(page).toHaveURL(/\/formularios\/revisar$/);
        const review = page.locator('main form');
        await expect(page.getByRole('alert')).toContainText('Verifique os campos destacados');
        const field = review.getByRole('textbox', { name: /E-mail/ });
        await expect(field).toHaveValue('sem-arroba');
        await expect(field).toHaveAccessibleDescription('Informe um e-mail válido.');
        if (c.collection !== 'newsletter_subscribers') await expect(review.getByLabel(/^Nome/)).toHaveValue(NAME);
        await field.fill(email);
        await review.getByRole('button', { name: /^(Enviar|Inscrever)/ }).click();
        await expect(page).toHaveURL(c.sent.url);
        await expect(page.getByText(c.sent.text).first()).toBeVisible();
        expect(await storedWith(c.collection, email)).toHaveLength(1);
        expectNothingTypedIn(urls, email);
        expect(urls.some((url) => url.includes('sem-arroba'))).toBe(false);
      } finally {
        await context.close();
      }
    });

    test('in a browser set to English, an empty sending answers in pt-BR beside each field', async ({ browser }) => {
      const { context, page } = await newVisitor(browser, { locale: 'en-US' });
      try {
        await page.goto(c.path);
        const form = c.form(page);
        await form.scrollIntoViewIfNeeded();
        await islandsHydrated(page, c.island);
        await expect(form).toHaveAttribute('novalidate', '');
        await form.getByRole('button', { name: c.submit }).click();
        const first = form.getByRole('textbox', { name: c.empty.label });
        await expect(first).toBeFocused();
        await expect(first).toHaveAccessibleDescription(c.empty.message);
        await expect(form).not.toContainText(/Please|fill out|this field/i);
      } finally {
        await context.close();
      }
    });

    test("a lost connection keeps everything; 'Tentar novamente' after a lost answer stores it once", async ({
      page,
      consoleErrors,
    }) => {
      const email = uniqueEmail('rede');
      await page.goto(c.path);
      const form = c.form(page);
      await form.scrollIntoViewIfNeeded();
      await islandsHydrated(page, c.island);
      await c.fill(form, email);
      const endpoint = `**/api/collections/${c.collection}/records`;
      // First the request never leaves; then it reaches the server but its answer is lost.
      let attempt = 0;
      await page.route(endpoint, async (route) => {
        attempt++;
        if (attempt === 1) return route.abort('internetdisconnected');
        await route.fetch();
        return route.abort('connectionreset');
      });
      await form.getByRole('button', { name: c.submit }).click();
      await expect(form.getByRole('alert')).toContainText('a conexão falhou');
      await form.getByRole('button', { name: 'Tentar novamente' }).click();
      await expect.poll(() => attempt).toBe(2);
      await expect(form.getByRole('alert')).toContainText('a conexão falhou');
      expect(await storedWith(c.collection, email)).toHaveLength(1);
      await expect(form.getByLabel(/E-mail/).first()).toHaveValue(email);
      await page.unroute(endpoint);
      await form.getByRole('button', { name: 'Tentar novamente' }).click();
      await expect(page.getByRole('status').filter({ hasText: c.done })).toBeVisible();
      expect(await storedWith(c.collection, email)).toHaveLength(1);
      allowConsoleErrors(consoleErrors, /net::ERR_(INTERNET_DISCONNECTED|CONNECTION_RESET|FAILED)/);
    });

    test('a double click stores one record, before and after the scripts arrive', async ({ page }) => {
      const native = uniqueEmail('duplo-nativo');
      await delayScripts(page, 4000);
      await page.goto(c.path, { waitUntil: 'domcontentloaded' });
      let form = c.form(page);
      await form.scrollIntoViewIfNeeded();
      await c.fill(form, native);
      await form.getByRole('button', { name: c.submit }).dblclick();
      await expect(page).toHaveURL(c.sent.url);
      expect(await storedWith(c.collection, native)).toHaveLength(1);

      await page.unroute(SCRIPTS);
      const hydrated = uniqueEmail('duplo');
      await page.goto(c.path);
      form = c.form(page);
      await form.scrollIntoViewIfNeeded();
      await islandsHydrated(page, c.island);
      await c.fill(form, hydrated);
      await form.getByRole('button', { name: c.submit }).dblclick();
      await expect(page.getByRole('status').filter({ hasText: c.done })).toBeVisible();
      expect(await storedWith(c.collection, hydrated)).toHaveLength(1);
    });
  });
}
