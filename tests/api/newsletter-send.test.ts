/**
 * Sending a post to the newsletter (pb_hooks/lib/newsletter/send.js starts it,
 * server/newsletter delivers it), through a real SMTP server on loopback: only editors
 * and admins see the audience or start a send; a test goes to the one who asked; a send
 * reaches each confirmed address once (never a pending or unsubscribed one), with the
 * unsubscribe headers of RFC 2369/8058 and a working link; sending again reaches only new
 * subscribers; it survives a SIGKILL; a cancelled send stops; a CMS post set back to draft
 * is refused though the build still lists it; a failure shows editors a pt-BR summary and
 * only admins the mail server's own text.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { siteWith } from '../../src/config/site';
import { queryRows } from '../helpers/database';
import { newsletterTemplate } from '../../src/lib/blog/newsletter-email';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

const POST = {
  slug: 'calibracao-de-sensores',
  title: 'Calibração de sensores PT100 & termopares',
  excerpt: 'Como calibrar <sensores> em campo.',
  dateText: '12 de novembro de 2026',
  image: { src: '/_astro/capa.webp', alt: 'Bancada de calibração' },
};
const OTHER_POST = { ...POST, slug: 'segundo-post', title: 'Segundo post' };

let s: StaffServer;
let sink: SmtpSink;
let siteDir: string;
let superuser: PocketBase;

/** The two files of a build the send reads: the live article index and the e-mail template. */
async function writeSite(dir: string) {
  await mkdir(path.join(dir, 'blog', 'dados'), { recursive: true });
  await mkdir(path.join(dir, 'newsletter'), { recursive: true });
  await writeFile(path.join(dir, 'blog', 'dados', 'indice.json'), JSON.stringify([POST, OTHER_POST]));
  await writeFile(path.join(dir, 'newsletter', 'modelo-email.json'), JSON.stringify(newsletterTemplate(siteWith())));
}

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), 'newsletter-site-'));
  await writeSite(siteDir);
  s = await startStaffServer({ siteDir, unthrottledLoopback: true });
  superuser = s.superuser;
  sink = await startSmtpSink();
});
afterAll(async () => {
  await s?.stop();
  await sink?.stop();
  await rm(siteDir, { recursive: true, force: true });
});

const subscribers = () => superuser.collection('newsletter_subscribers');

async function addSubscribers(prefix: string, count: number, status = 'confirmed') {
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${i}@exemplo.com.br`;
    await subscribers().create({ email, status, source: '/blog' });
    emails.push(email);
  }
  return emails;
}

const audience = (client: PocketBase, slug = POST.slug) =>
  client.send(`/api/newsletter/audience?slug=${slug}`, { method: 'GET' });
const startSend = (client: PocketBase, body: Record<string, unknown>) =>
  client.send('/api/newsletter/sends', { method: 'POST', body });

async function waitForSend(id: string, statuses = ['done', 'failed', 'cancelled'], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const send = await superuser.collection('newsletter_sends').getOne(id);
    if (statuses.includes(send.status)) return send;
    if (Date.now() > deadline) throw new Error(`envio ${id} ainda ${send.status}: ${JSON.stringify(send)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The mail's body with quoted-printable soft breaks and '=XX' undone. */
const decoded = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** A header of the message, its RFC 2047 words (=?utf-8?q?…?=) decoded. */
const header = (raw: string, name: string) =>
  (new RegExp(`^${name}: (.*(?:\r\n[ \t].*)*)`, 'mi').exec(raw.split('\r\n\r\n')[0] ?? '')?.[1] ?? '')
    .replace(/\?=\s+=\?/g, '?==?') // the space between two encoded words is not part of the text
    .replace(/=\?utf-8\?q\?(.*?)\?=/gi, (_, word: string) => decoded(word.replace(/_/g, ' ')))
    .trim();

/** The link on this test's server (the e-mails point at the configured site address). */
const onServer = (link: string) => {
  const url = new URL(link);
  return `${s.server.url}${url.pathname}${url.search}`;
};

const received = (address: string) => sink.messages.filter((message) => message.to.includes(address));

describe('who may send', () => {
  test('visitors and authors see no audience, start nothing and list no sends nor subscribers', async () => {
    expect(await statusOf(audience(s.anonymous.client))).toBe(401);
    expect(await statusOf(audience(s.author.client))).toBe(403);
    expect(await statusOf(audience(s.inactive.client))).toBe(403);
    expect(await statusOf(startSend(s.author.client, { slug: POST.slug }))).toBe(403);
    expect(await statusOf(startSend(s.author.client, { slug: POST.slug, test: true }))).toBe(403);
    expect(await statusOf(startSend(s.anonymous.client, { slug: POST.slug }))).toBe(401);
    for (const collection of ['newsletter_subscribers', 'newsletter_sends', 'newsletter_deliveries']) {
      expect((await s.author.client.collection(collection).getList(1, 1)).totalItems).toBe(0);
      expect((await s.anonymous.client.collection(collection).getList(1, 1)).totalItems).toBe(0);
    }
    // Nobody writes sends or deliveries through the records API, admins included.
    expect(await statusOf(s.admin.client.collection('newsletter_sends').create({ kind: 'post' }))).toBe(403);
    expect(await statusOf(s.admin.client.collection('newsletter_deliveries').create({ status: 'sent' }))).toBe(403);
  });

  test('without e-mail configured the dialog says so and no send starts', async () => {
    await addSubscribers('antes', 1);
    const answer = await audience(s.editor.client);
    expect(answer).toMatchObject({ live: true, mailReady: false, confirmed: 1 });
    const refused = await startSend(s.editor.client, { slug: POST.slug }).catch((error) => error);
    expect(refused.status).toBe(400);
    expect(refused.response.message).toBe(
      'Configure o envio de e-mail em Configurações › Integrações antes de enviar a newsletter.',
    );
  });

  test('a post that is not live cannot be sent', async () => {
    await useSmtpSink(superuser, sink, { user: 'newsletter', password: 'senha-smtp' });
    expect(await audience(s.editor.client, 'rascunho')).toMatchObject({ live: false });
    const refused = await startSend(s.editor.client, { slug: 'rascunho' }).catch((error) => error);
    expect(refused.status).toBe(400);
    expect(refused.response.message).toMatch(/ainda não está no ar/);
  });
});

describe('sending a post', () => {
  let confirmed: string[];

  test('a test goes only to the staff member who asked, marked as a test', async () => {
    const { id } = await startSend(s.editor.client, { slug: POST.slug, test: true });
    const send = await waitForSend(id);
    expect(send).toMatchObject({ kind: 'test', status: 'done', sent: 1, test_to: 'editor@exemplo.com.br' });
    const mail = await sink.waitFor('editor@exemplo.com.br');
    expect(mail.to).toEqual(['editor@exemplo.com.br']);
    expect(header(mail.raw, 'Subject')).toBe('[Teste] Calibração de sensores PT100 & termopares | Operium');
    expect(received('antes-0@exemplo.com.br')).toHaveLength(0);
  });

  test('each confirmed address gets it once, with the unsubscribe headers, link and the post', async () => {
    confirmed = ['antes-0@exemplo.com.br', ...(await addSubscribers('inscrito', 12))];
    const pending = await addSubscribers('pendente', 2, 'pending');
    const [gone] = await addSubscribers('saiu', 1, 'unsubscribed');

    expect(await audience(s.editor.client)).toMatchObject({ confirmed: 13, toSend: 13, alreadySent: 0, mailReady: true });
    const started = await startSend(s.editor.client, { slug: POST.slug });
    expect(started.total).toBe(13);
    // A second start of the same post while it runs is refused.
    expect(await statusOf(startSend(s.admin.client, { slug: POST.slug }))).toBe(400);
    const send = await waitForSend(started.id);
    expect(send).toMatchObject({ kind: 'post', status: 'done', total: 13, sent: 13, failed: 0, skipped: 0 });
    expect(send.requested_by).toBe(s.editor.actor!.id);

    for (const email of confirmed) expect(received(email), email).toHaveLength(1);
    for (const email of [...pending, gone!]) expect(received(email), email).toHaveLength(0);

    const [mail] = received('inscrito-3@exemplo.com.br');
    if (!mail) throw new Error('sem e-mail para inscrito-3');
    const subscriber = await subscribers().getFirstListItem('email = "inscrito-3@exemplo.com.br"');
    // The token is hidden from the API: read from the database.
    const [row] = queryRows(
      path.join(s.server.dataDir, 'data.db'),
      'SELECT unsubscribe_token FROM newsletter_subscribers WHERE id = ?',
      subscriber.id,
    );
    const unsubscribe = header(mail.raw, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/newsletter\/cancelar\?t=[A-Za-z0-9]{40}>$/);
    expect(header(mail.raw, 'Subject')).toBe('Calibração de sensores PT100 & termopares | Operium');
    expect(unsubscribe).toContain(`?t=${String(row?.unsubscribe_token)}>`);
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail.raw, 'Content-Type')).toMatch(/^multipart\/alternative/);
    const body = decoded(mail.raw);
    expect(body).toContain('Calibração de sensores PT100 &amp; termopares');
    expect(body).toContain('Como calibrar &lt;sensores&gt; em campo.');
    // One address for every link: the unsubscribe link's (without PUBLIC_SITE_URL, this server's).
    const origin = new URL(unsubscribe.slice(1, -1)).origin;
    expect(body).toContain(`href="${origin}/blog/${POST.slug}"`);
    expect(body).toContain(`src="${origin}/_astro/capa.webp"`);
    expect(body).toContain('>Cancelar inscrição</a>');
    expect(body).toContain(`Leia o artigo: ${origin}/blog/${POST.slug}`);
    expect(body).toContain(`<a href="${origin}" style="color:#475569;">${new URL(origin).host}</a>`);
    expect([...new Set([...body.matchAll(/https?:\/\/[^/"\s<>]+/g)].map((match) => match[0]))]).toEqual([origin]);
    expect(body).toContain(`Cancelar inscrição: ${unsubscribe.slice(1, -1)}`);

    // RFC 8058: the mail client POSTs to the header's URL, with no page.
    const oneClick = await fetch(onServer(unsubscribe.slice(1, -1)), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBeLessThan(300);
    expect((await subscribers().getOne(subscriber.id)).status).toBe('unsubscribed');
  });

  test('sending the post again reaches only addresses that never had it', async () => {
    const refused = await startSend(s.admin.client, { slug: POST.slug }).catch((error) => error);
    expect(refused.status).toBe(400);
    expect(refused.response.message).toBe('Nenhum inscrito confirmado que ainda não recebeu este post.');

    const [newcomer] = await addSubscribers('novo', 1);
    expect(await audience(s.admin.client)).toMatchObject({ toSend: 1, alreadySent: 13 });
    const before = sink.messages.length;
    const { id, total } = await startSend(s.admin.client, { slug: POST.slug });
    expect(total).toBe(1);
    await waitForSend(id);
    expect(sink.messages.length).toBe(before + 1);
    expect(received(newcomer!)).toHaveLength(1);
  });

  test('the send is in the audit log under the name of who started it', async () => {
    const rows = await superuser
      .collection('audit_logs')
      .getFullList({ filter: 'table_name = "newsletter_sends" && action = "INSERT"', sort: 'created' });
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((row) => row.actor)).toContain('editor@exemplo.com.br');
    // The e-mail's body is not copied into the log.
    expect(JSON.stringify(rows)).not.toContain('Cancelar inscrição');
  });
});

describe('a send that runs for a while', () => {
  test('an address unsubscribed meanwhile is skipped; a restart after SIGKILL resumes with no duplicate', async () => {
    const rate = (await superuser.collection('public_site_settings').getFullList()).find(
      (row) => row.key === 'newsletter_rate_per_minute',
    );
    if (rate) await s.admin.client.collection('public_site_settings').update(rate.id, { value: '300' });
    else await s.admin.client.collection('public_site_settings').create({ key: 'newsletter_rate_per_minute', value: '300' });

    const audienceNow = (await audience(s.admin.client, OTHER_POST.slug)) as { toSend: number };
    const emails = await addSubscribers('longo', 25);
    const last = await subscribers().getFirstListItem(`email = "${emails.at(-1)!}"`);
    const { id, total } = await startSend(s.admin.client, { slug: OTHER_POST.slug });
    expect(total).toBe(audienceNow.toSend + 25);
    await subscribers().update(last.id, { status: 'unsubscribed' });

    // 300 a minute: one every 200 ms. Killed after a few, as a crash would.
    const isOther = (raw: string) => decoded(raw).includes(`/blog/${OTHER_POST.slug}"`);
    const deadline = Date.now() + 30_000;
    while (sink.messages.filter((m) => isOther(m.raw)).length < 8 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await s.server.kill();
    await s.server.restart();
    const send = await waitForSend(id);
    expect(send).toMatchObject({ status: 'done', skipped: 1, failed: 0, sent: total - 1 });

    const counts = new Map<string, number>();
    for (const message of sink.messages.filter((m) => isOther(m.raw))) {
      for (const to of message.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    }
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(total - 1);
    expect(counts.has(last.email)).toBe(false);
  });

  test('a cancelled send stops, and what it did not send can go in a later send', async () => {
    const rows = await superuser.collection('public_site_settings').getFullList();
    const rate = rows.find((row) => row.key === 'newsletter_rate_per_minute')!;
    await s.admin.client.collection('public_site_settings').update(rate.id, { value: '60' });
    const invalid = await s.admin.client
      .collection('public_site_settings')
      .update(rate.id, { value: '0' })
      .catch((error) => error);
    expect(invalid.status).toBe(400);

    await addSubscribers('cancelado', 10);
    const extra = { ...POST, slug: 'terceiro-post', title: 'Terceiro post' };
    await writeFile(path.join(siteDir, 'blog', 'dados', 'indice.json'), JSON.stringify([POST, OTHER_POST, extra]));
    const { id, total } = await startSend(s.editor.client, { slug: extra.slug });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const cancelled = await s.editor.client.send(`/api/newsletter/sends/${id}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe('cancelled');
    const send = await waitForSend(id);
    expect(send.status).toBe('cancelled');
    const reached = sink.messages.filter((m) => decoded(m.raw).includes(`/blog/${extra.slug}`)).length;
    expect(reached).toBeLessThan(total);
    expect(await statusOf(s.author.client.send(`/api/newsletter/sends/${id}/cancel`, { method: 'POST' }))).toBe(403);
    expect(await audience(s.editor.client, extra.slug)).toMatchObject({ toSend: total - reached, running: '' });
  });
});

describe('what a send may reveal', () => {
  const NOT_LIVE = 'Este post ainda não está no ar. Publique-o e aguarde a publicação do site terminar para enviá-lo.';
  const indexFile = () => path.join(siteDir, 'blog', 'dados', 'indice.json');

  test('a CMS post set back to draft is refused though the built index still lists it', async () => {
    const post = await s.editor.client.collection('posts').create({
      title: 'Post do painel',
      slug: 'post-do-painel',
      excerpt: 'Resumo do post do painel.',
      content: 'Texto do post do painel.',
      category: 'Técnico',
      status: 'published',
    });
    await writeFile(indexFile(), JSON.stringify([POST, OTHER_POST, { ...POST, slug: post.slug, title: post.title }]));
    expect(await audience(s.editor.client, post.slug)).toMatchObject({ live: true, title: 'Post do painel' });

    // Back to draft; the live build (the index) still lists it until the next one lands.
    await s.editor.client.collection('posts').update(post.id, { status: 'draft' });
    expect(await audience(s.editor.client, post.slug)).toEqual({ live: false, mailReady: true });
    for (const body of [{ slug: post.slug }, { slug: post.slug, test: true }]) {
      const refused = await startSend(s.admin.client, body).catch((error) => error);
      expect(refused.status).toBe(400);
      expect(refused.response.message).toBe(NOT_LIVE);
    }
    // Scheduled: live once its time has come (as the site reads it: src/lib/cms/posts.ts).
    const posts = s.editor.client.collection('posts');
    await posts.update(post.id, { status: 'scheduled', published_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await audience(s.editor.client, post.slug)).toMatchObject({ live: false });
    await posts.update(post.id, { status: 'scheduled', published_at: new Date(Date.now() - 60_000).toISOString() });
    expect(await audience(s.editor.client, post.slug)).toMatchObject({ live: true });
  });

  test('a failure shows editors a pt-BR summary without the mail server; admins also its detail', async () => {
    const port = await freePort(); // nobody listens there
    const closed = { ...sink, port };
    const connect =
      'Não foi possível conectar ao servidor de e-mail. Confira o servidor e a porta em Configurações › Integrações.';
    const entry = { ...POST, slug: 'post-sem-servidor', title: 'Post sem servidor' };
    await writeFile(indexFile(), JSON.stringify([POST, OTHER_POST, entry]));
    await useSmtpSink(superuser, closed, { user: 'newsletter', password: 'senha-smtp' });
    try {
      const test = await startSend(s.editor.client, { slug: entry.slug, test: true });
      expect(await waitForSend(test.id)).toMatchObject({ status: 'failed', failed: 1 });

      const { id } = await startSend(s.editor.client, { slug: entry.slug });
      const deliveries = superuser.collection('newsletter_deliveries');
      const deadline = Date.now() + 30_000;
      let failed = (await deliveries.getList(1, 1, { filter: `send = "${id}" && error != ""` })).items[0];
      while (!failed && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        failed = (await deliveries.getList(1, 1, { filter: `send = "${id}" && error != ""` })).items[0];
      }
      if (!failed) throw new Error(`nenhuma entrega do envio ${id} falhou`);

      for (const [collection, recordId] of [
        ['newsletter_sends', test.id],
        ['newsletter_deliveries', failed.id],
      ] as const) {
        const editorView = await s.editor.client.collection(collection).getOne(recordId);
        expect(editorView.error, collection).toBe(connect);
        expect(editorView, collection).not.toHaveProperty('error_detail');
        const listed = await s.editor.client.collection(collection).getList(1, 1, { filter: `id = "${recordId}"` });
        expect(JSON.stringify(listed), collection).not.toContain(`127.0.0.1:${port}`);
        expect(JSON.stringify(listed), collection).not.toContain('error_detail');
        // Nor can a filter guess it, nor an expanded send carry it.
        const guesses = ['error_detail ~ "refused"'];
        if (collection === 'newsletter_deliveries') guesses.push('send.error_detail ~ "refused"');
        for (const filter of guesses) {
          const guessed = s.editor.client.collection(collection).getList(1, 1, { filter });
          expect(await statusOf(guessed), `${collection}: ${filter}`).toBe(400);
        }
        if (collection === 'newsletter_deliveries') {
          const expanded = await s.editor.client.collection(collection).getOne(recordId, { expand: 'send' });
          expect(expanded.expand?.send).toBeDefined();
          expect(expanded.expand?.send, 'expanded send').not.toHaveProperty('error_detail');
        }

        for (const client of [s.admin.client, superuser]) {
          const adminView = await client.collection(collection).getOne(recordId);
          expect(adminView.error, collection).toBe(connect);
          expect(adminView.error_detail, collection).toContain(`127.0.0.1:${port}`);
          expect(adminView.error_detail, collection).toContain('connection refused');
        }
      }
      await s.editor.client.send(`/api/newsletter/sends/${id}/cancel`, { method: 'POST' });
      await waitForSend(id);
    } finally {
      await useSmtpSink(superuser, sink, { user: 'newsletter', password: 'senha-smtp' });
    }
  });
});
