/**
 * The public forms sent by the browser itself (no JavaScript, or before the island
 * loads): application/x-www-form-urlencoded to the same endpoints the islands send
 * JSON to, with the same rules, answered with 303s to pt-BR pages. What was typed
 * never goes into a URL or the server's log; a refusal keeps it for the review page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contactMessage } from '../helpers/contact-message';
import { FUNCAO_MAP } from '../helpers/git-articles';
import { startTestServer, superuserToken, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  // A comment goes to an article in git: the one the build lists.
  server = await startTestServer({ gitArticles: [FUNCAO_MAP] });
});
afterAll(async () => {
  await server?.stop();
});

const ARTICLE = FUNCAO_MAP.slug;

/** Posts as a browser's form does: urlencoded, following no redirect. */
async function postForm(collection: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/collections/${collection}/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: `${server.url}/contato`, ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

async function postJson(collection: string, body: Record<string, unknown>) {
  const response = await fetch(`${server.url}/api/collections/${collection}/records`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : {} };
}

/** The review page a refused form leads to, with the cookie it was given. */
async function reviewPage(refused: Response) {
  expect(refused.status).toBe(303);
  expect(refused.headers.get('location')).toBe('/formularios/revisar');
  // The last one: a new refusal first clears the visitor's previous draft's cookie, as a browser applies them in order.
  const cookie = refused.headers
    .getSetCookie()
    .filter((value) => value.startsWith('operium_form='))
    .at(-1);
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  expect(cookie).toMatch(/Path=\/;/);
  const page = await fetch(`${server.url}/formularios/revisar`, { headers: { Cookie: cookie!.split(';')[0]! } });
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toBe('no-store');
  expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  return page.text();
}

/**
 * Records of a collection matching `match`, read as the superuser without a filter in
 * the address: the log test below reads every logged address for personal data.
 */
async function count(collection: string, match: (record: Record<string, unknown>) => boolean) {
  const token = await superuserToken(server);
  const response = await fetch(`${server.url}/api/collections/${collection}/records?perPage=500&sort=-created`, {
    headers: { Authorization: token },
  });
  return ((await response.json()) as { items: Record<string, unknown>[] }).items.filter(match).length;
}

describe('a form the browser sends itself', () => {
  test('contact: stored as from the island, then the pt-BR sent page; nothing personal in the address', async () => {
    const message = { ...contactMessage(), name: 'Maria Formulário', email: 'maria.form@exemplo.com.br' };
    const response = await postForm('contact_messages', message);
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(new URL(location, server.url).pathname).toBe('/contato/enviado');
    expect(location).not.toMatch(/maria|%40|@|99999/i);
    expect(await count('contact_messages', (r) => r.email === 'maria.form@exemplo.com.br' && r.read === false)).toBe(1);
  });

  test('contact: the same refusals as JSON, shown again with what was typed and pt-BR messages', async () => {
    const bad = { ...contactMessage(), company: '', has_machine: '', message: 'Curta' };
    const json = await postJson('contact_messages', bad);
    expect(json.status).toBe(400);
    const page = await reviewPage(await postForm('contact_messages', bad));
    const refused = Object.keys(json.json.data).sort();
    expect(refused).toEqual(['company', 'has_machine', 'message']);
    expect([...page.matchAll(/id="erro-([a-z_]+)"/g)].map((match) => match[1]).sort()).toEqual(refused);
    expect(page).toContain('Preencha este campo.');
    expect(page).toContain('Escolha uma opção.');
    expect(page).toContain('Use pelo menos 10 caracteres.');
    // What was typed, back in its fields (escaped), the choices still chosen.
    expect(page).toContain('value="maria@exemplo.com.br"');
    expect(page).toContain('value="Maria Cliente"');
    expect(page).toContain('>\nCurta</textarea>');
    expect(page).toContain('<option value="11-25" selected>');
    expect(page).toContain('action="/api/collections/contact_messages/records"');
    expect(page).toContain('lang="pt-BR"');
    expect(page).toContain('<a href="#campo-company">Empresa: Preencha este campo.</a>');

    // One refusal at a time from the hooks, the same either way.
    const email = { ...contactMessage(), email: 'nao-e-email' };
    expect((await postJson('contact_messages', email)).json.data.email.message).toBe('Informe um e-mail válido.');
    const emailPage = await reviewPage(await postForm('contact_messages', email));
    expect(emailPage).toContain('Informe um e-mail válido.');
    expect(emailPage).toContain('value="nao-e-email"');
  });

  test('markup is refused as from JSON and shown back as text, never as markup', async () => {
    const hostile = { ...contactMessage(), name: '<script>alert(1)</script>' };
    expect((await postJson('contact_messages', hostile)).json.data.name.code).toBe('validation_markup_not_allowed');
    const page = await reviewPage(await postForm('contact_messages', hostile));
    expect(page).not.toContain('<script>');
    expect(page).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(page).toContain('Este campo não aceita marcação HTML');
  });

  test('a filled honeypot gets the sent page and stores nothing, as the islands pretend', async () => {
    const response = await postForm('contact_messages', {
      ...contactMessage(),
      email: 'robo@exemplo.com.br',
      website: 'http://spam',
    });
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!, server.url).pathname).toBe('/contato/enviado');
    expect(await count('contact_messages', (r) => r.email === 'robo@exemplo.com.br')).toBe(0);
  });

  test('comment: needs the consent box, as from JSON; then waits for moderation and goes back to its article', async () => {
    const comment = {
      article: ARTICLE,
      name: 'Leitora Sem JS',
      email: 'leitora.semjs@exemplo.com.br',
      body: 'Funciona no ESP32?',
    };
    const json = await postJson('comments', comment);
    expect(json.status).toBe(400);
    expect(json.json.data.consent.message).toBe('Marque esta caixa para enviar.');
    const page = await reviewPage(await postForm('comments', comment));
    expect(page).toContain('Marque esta caixa para enviar.');
    expect(page).toContain(`<input type="hidden" name="article" value="${ARTICLE}">`);
    expect(page).toContain('>\nFunciona no ESP32?</textarea>');

    const sent = await postForm('comments', { ...comment, consent: 'on' });
    expect(sent.status).toBe(303);
    const location = new URL(sent.headers.get('location')!, server.url);
    expect(location.pathname + location.hash).toBe(`/blog/${ARTICLE}#comentario-enviado`);
    expect(await count('comments', (r) => r.email === 'leitora.semjs@exemplo.com.br' && r.status === 'pending')).toBe(1);
  });

  test('newsletter: new and known addresses land on the same page; a bad one is kept for correction', async () => {
    const first = await postForm('newsletter_subscribers', { email: 'Sem.JS@Exemplo.com.br', source: '/blog' });
    const again = await postForm('newsletter_subscribers', { email: 'sem.js@exemplo.com.br', source: '/' });
    for (const response of [first, again]) {
      expect(response.status).toBe(303);
      expect(new URL(response.headers.get('location')!, server.url).pathname).toBe('/newsletter/inscricao');
    }
    expect(await count('newsletter_subscribers', (r) => r.email === 'sem.js@exemplo.com.br')).toBe(1);
    const page = await reviewPage(await postForm('newsletter_subscribers', { email: 'sem arroba', source: '/' }));
    expect(page).toContain('value="sem arroba"');
    expect(page).toContain('Informe um e-mail válido.');
  });

  test('a sending after a refusal forgets the refused draft', async () => {
    const refused = await postForm('newsletter_subscribers', { email: 'rascunho sem arroba', source: '/' });
    const cookie = refused.headers
      .getSetCookie()
      .find((value) => value.startsWith('operium_form='))!
      .split(';')[0]!;
    const sent = await postForm('newsletter_subscribers', { email: 'rascunho@exemplo.com.br', source: '/' }, { Cookie: cookie });
    expect(sent.status).toBe(303);
    expect(sent.headers.getSetCookie().join('\n')).toMatch(/operium_form=;.*Max-Age=0/i);
    const html = await (await fetch(`${server.url}/formularios/revisar`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain('Formulário expirado');
    expect(html).not.toContain('rascunho sem arroba');
  });

  test("another site's page cannot post a form (nor plant a review page or drop a visitor's draft)", async () => {
    const elsewhere: Record<string, string>[] = [{ Origin: 'https://golpe.example' }, { 'Sec-Fetch-Site': 'cross-site' }];
    for (const headers of elsewhere) {
      const response = await postForm('newsletter_subscribers', { email: 'alvo@exemplo.com.br', source: '/' }, headers);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('veio de outro site');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(await count('newsletter_subscribers', (r) => r.email === 'alvo@exemplo.com.br')).toBe(0);
    // This site's own pages are welcome, whatever they send.
    const own = await postForm(
      'newsletter_subscribers',
      { email: 'proprio@exemplo.com.br', source: '/' },
      { Origin: server.url, 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(own.status).toBe(303);
  });

  test('a sibling subdomain is another site: the Origin decides, whatever Sec-Fetch-Site says', async () => {
    const sibling = server.url.replace('127.0.0.1', 'outro.127.0.0.1.nip.io');
    for (const headers of [
      { Origin: 'https://loja.exemplo.com.br', 'Sec-Fetch-Site': 'same-site' },
      { Origin: sibling, 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'null', 'Sec-Fetch-Site': 'same-site' },
    ]) {
      const response = await postForm('newsletter_subscribers', { email: 'irmao@exemplo.com.br', source: '/' }, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(await count('newsletter_subscribers', (r) => r.email === 'irmao@exemplo.com.br')).toBe(0);
    const own = await postForm(
      'newsletter_subscribers',
      { email: 'mesmo.site@exemplo.com.br', source: '/' },
      { Origin: server.url, 'Sec-Fetch-Site': 'same-site' },
    );
    expect(own.status).toBe(303);
  });

  test("the review page's 'Voltar' leads to the form's page, never to a huge or foreign address", async () => {
    const back = (html: string) => html.match(/<a href="([^"]*)">Voltar à página anterior<\/a>/)?.[1];
    const refused = (referer: string) =>
      postForm('contact_messages', { ...contactMessage(), email: 'sem arroba' }, { Referer: referer });
    expect(back(await reviewPage(await refused(`${server.url}/contato`)))).toBe(`${server.url}/contato`);
    const huge = `${server.url}/contato?${'x'.repeat(200_000)}`;
    expect(back(await reviewPage(await refused(huge)))).toBe('/');
    expect(back(await reviewPage(await refused('https://golpe.example/contato')))).toBe('/');
  });

  test("the review page shows nothing without the visitor's own cookie", async () => {
    await postForm('contact_messages', { ...contactMessage(), email: 'outra.pessoa@exemplo.com.br', message: '' });
    const forged = await fetch(`${server.url}/formularios/revisar`, { headers: { Cookie: 'operium_form=' + 'a'.repeat(32) } });
    const html = await forged.text();
    expect(html).toContain('Formulário expirado');
    expect(html).not.toContain('outra.pessoa');
    expect(await (await fetch(`${server.url}/formularios/revisar`)).text()).toContain('Formulário expirado');
  });

  test("the server's request log holds no e-mail, phone or message of these posts", async () => {
    const token = await superuserToken(server);
    // PocketBase writes its request log in batches, a few seconds apart.
    const readLogs = async () => {
      const response = await fetch(`${server.url}/api/logs?perPage=500&sort=-created`, { headers: { Authorization: token } });
      return JSON.stringify(((await response.json()) as { items: unknown[] }).items);
    };
    await expect.poll(readLogs, { timeout: 15_000 }).toContain('/formularios/revisar');
    const logs = (await readLogs()) + server.output();
    expect(logs).toContain('/api/collections/contact_messages/records');
    for (const secret of [
      'maria.form@exemplo.com.br',
      'maria.form%40',
      '99999-0000',
      'orçamento para 20',
      'leitora.semjs',
      'sem.js@',
      'nao-e-email',
      'outra.pessoa',
    ]) {
      expect(logs).not.toContain(secret);
    }
  });

  test('past the rate limit, what was typed is still kept, with the pt-BR reason', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 12; i++) {
      last = await postForm('contact_messages', { ...contactMessage(), email: `rajada${i}@exemplo.com.br` });
      if (last.headers.get('location') === '/formularios/revisar') break;
    }
    const page = await reviewPage(last!);
    expect(page).toContain('Muitas mensagens enviadas em pouco tempo.');
    expect(page).toMatch(/value="rajada\d+@exemplo.com.br"/);
  });
});

// On a server of its own: the sendings above spent most of this address's contact rate.
describe('a double click or a retry', () => {
  beforeAll(async () => {
    await server.stop();
    server = await startTestServer();
  });

  test('one sending stores one record: a double click, a retry after a lost answer, at once or later', async () => {
    const contact = (email: string) => ({ ...contactMessage(), email });
    const key = crypto.randomUUID();
    // The island's retry: the same key, after the first was stored.
    const first = await postJson('contact_messages', { ...contact('uma.vez@exemplo.com.br'), idempotency_key: key });
    const retry = await postJson('contact_messages', { ...contact('uma.vez@exemplo.com.br'), idempotency_key: key });
    expect([first.status, retry.status]).toEqual([200, 200]);
    // A double click before hydration: two identical native posts at once.
    const both = await Promise.all([1, 2].map(() => postForm('contact_messages', contact('duplo.clique@exemplo.com.br'))));
    for (const response of both) {
      expect(response.status).toBe(303);
      expect(new URL(response.headers.get('location')!, server.url).pathname).toBe('/contato/enviado');
    }
    expect(await count('contact_messages', (r) => r.email === 'uma.vez@exemplo.com.br')).toBe(1);
    expect(await count('contact_messages', (r) => r.email === 'duplo.clique@exemplo.com.br')).toBe(1);
    // A new sending of the same text (a new key) is a new message.
    const other = await postJson('contact_messages', {
      ...contact('uma.vez@exemplo.com.br'),
      idempotency_key: crypto.randomUUID(),
    });
    expect(other.status).toBe(200);
    expect(await count('contact_messages', (r) => r.email === 'uma.vez@exemplo.com.br')).toBe(2);
  });
});

// On a server of its own: it fills the memory the drafts may take.
describe('a flood of refused forms', () => {
  beforeAll(async () => {
    await server.stop();
    server = await startTestServer();
    // As behind a proxy (README, "Configuração"): each visitor of the flood has an address of its own.
    const token = await superuserToken(server);
    const headers = { Authorization: token, 'Content-Type': 'application/json' };
    const settings = await (await fetch(`${server.url}/api/settings`, { headers })).json();
    await fetch(`${server.url}/api/settings`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ trustedProxy: { ...settings.trustedProxy, headers: ['X-Forwarded-For'] } }),
    });
  });

  // The largest draft a contact form leaves: every field at its limit.
  const big = { ...contactMessage(), email: 'sem arroba', message: 'm'.repeat(5000), company: 'c'.repeat(120) };
  const draftCookie = (response: Response) =>
    response.headers.get('location') === '/formularios/revisar'
      ? response.headers
          .getSetCookie()
          .filter((value) => value.startsWith('operium_form='))
          .at(-1)!
          .split(';')[0]!
      : '';

  test('one address keeps at most 20 drafts at once; another address still gets its own', async () => {
    const kept: string[] = [];
    for (let i = 0; i < 25; i++) {
      const cookie = draftCookie(
        await postForm('contact_messages', { ...big, name: `Rajada ${i}` }, { 'X-Forwarded-For': '198.51.100.1' }),
      );
      if (cookie) kept.push(cookie);
    }
    expect(kept).toHaveLength(20);
    const other = await postForm('contact_messages', { ...big, name: 'Outra pessoa' }, { 'X-Forwarded-For': '198.51.100.2' });
    expect(await reviewPage(other)).toContain('Outra pessoa');
    // A draft forgotten (its visitor sent again) gives its address's room back.
    const again = await postForm(
      'contact_messages',
      { ...big, name: 'De novo' },
      { Cookie: kept[0]!, 'X-Forwarded-For': '198.51.100.1' },
    );
    expect(await reviewPage(again)).toContain('De novo');
  });

  test('the drafts take at most 8 MB all together; a forgotten draft gives its room back', async () => {
    const cookies: string[] = [];
    let withoutDraft: Response | undefined;
    for (let i = 0; i < 1500 && !withoutDraft; i++) {
      const from = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const response = await postForm('contact_messages', { ...big, name: `Pessoa ${i}` }, { 'X-Forwarded-For': from });
      const cookie = draftCookie(response);
      if (cookie) cookies.push(cookie);
      else withoutDraft = response;
    }
    // About 11 KB each: the budget, not the count (5,000), ends the drafts.
    expect(withoutDraft, 'todas as recusas guardaram rascunho').toBeDefined();
    expect(cookies.length).toBeGreaterThan(300);
    expect(cookies.length).toBeLessThan(800);
    expect([400, 429]).toContain(withoutDraft!.status);
    expect(await withoutDraft!.text()).toContain('Não foi possível enviar');

    // A visitor's new sending replaces their draft: its room is free again, for their new one.
    const again = await postForm(
      'contact_messages',
      { ...big, name: 'De novo' },
      { Cookie: cookies[0]!, 'X-Forwarded-For': '10.0.0.0' },
    );
    expect(again.headers.get('location')).toBe('/formularios/revisar');
    expect(await reviewPage(again)).toContain('De novo');
  }, 120_000);
});
