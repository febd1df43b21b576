/**
 * Crash safety on a real PocketBase: several clients write through the API what the
 * product writes (contact messages and newsletter sign-ups from the public site,
 * staff creating and revising posts), PocketBase is killed with SIGKILL in the
 * middle of that stream and started again on the same data dir. Every write whose
 * answer was a success must be there with its exact content (and, for staff writes,
 * its audit row), nothing that was never sent may appear, both SQLite files pass
 * `PRAGMA integrity_check`, and the site is served again.
 */
import { mkdir, mkdtemp, readlink, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contactMessage } from '../helpers/contact-message';
import { integrityCheck } from '../helpers/database';
import { startStaffServer, type StaffMember, type StaffServer } from '../helpers/staff';

let s: StaffServer;
let siteDir: string;

const SITE: Record<string, string> = {
  'index.html': '<h1>Página inicial de teste</h1>',
  '404.html': '<h1>Página de erro de teste</h1>',
};

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), 'site-resiliencia-'));
  for (const [name, body] of Object.entries(SITE)) {
    await mkdir(path.dirname(path.join(siteDir, name)), { recursive: true });
    await writeFile(path.join(siteDir, name), body);
  }
  // Every writer comes from 127.0.0.1: the per-IP limiter would count them as one visitor.
  s = await startStaffServer({ unthrottledLoopback: true, siteDir });
});

afterAll(async () => {
  await s?.stop();
  if (siteDir) await rm(siteDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------
// The stream of writes

interface PostState {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  tags: string[];
  status: string;
}

interface Stream {
  killed: boolean;
  stop: boolean;
  acknowledged: number;
  /** Requests that failed before the kill (must stay empty), or answered with an error. */
  unexpected: string[];
  /** Requests that failed because the server was killed under them. */
  cutOff: number;
  contacts: Map<string, Record<string, string>>;
  /** Contact messages sent but never answered (they may or may not be stored). */
  contactsInFlight: Set<string>;
  subscribers: Map<string, string>;
  subscribersInFlight: Set<string>;
  /** Post id → the last acknowledged state, with who wrote it. */
  posts: Map<string, { state: PostState; author: string }>;
  /** Post id → a state sent and never answered (an update in flight at the kill). */
  postsInFlight: Map<string, PostState>;
  /** Titles of post creates sent and never answered. */
  createsInFlight: Set<string>;
  /** Acknowledged staff writes, for the audit check. */
  staffWrites: { action: 'INSERT' | 'UPDATE'; id: string; title: string; user: string }[];
}

function newStream(): Stream {
  return {
    killed: false,
    stop: false,
    acknowledged: 0,
    unexpected: [],
    cutOff: 0,
    contacts: new Map(),
    contactsInFlight: new Set(),
    subscribers: new Map(),
    subscribersInFlight: new Set(),
    posts: new Map(),
    postsInFlight: new Map(),
    createsInFlight: new Set(),
    staffWrites: [],
  };
}

/**
 * One request of the stream: the parsed answer on success, null when the server
 * was killed under it (the stream then stops for this writer).
 */
async function send(stream: Stream, what: string, request: () => Promise<Response>): Promise<unknown> {
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    if (stream.killed) {
      stream.cutOff += 1;
      return null;
    }
    stream.unexpected.push(`${what}: ${error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : error}`);
    return null;
  }
  const text = await response.text().catch((error: unknown) => {
    if (!stream.killed) throw error;
    return null;
  });
  if (text === null) {
    stream.cutOff += 1;
    return null;
  }
  if (!response.ok) {
    stream.unexpected.push(`${what}: HTTP ${response.status} ${text}`);
    return null;
  }
  stream.acknowledged += 1;
  return text ? JSON.parse(text) : {};
}

const post = (url: string, body: unknown, token?: string, method = 'POST') =>
  fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });

async function contactWriter(stream: Stream, writer: number) {
  for (let n = 1; !stream.stop; n++) {
    const body = {
      ...contactMessage(),
      name: `Cliente ${writer}`,
      email: `cliente${writer}@exemplo.com.br`,
      message: `Pedido de orçamento ${writer}-${n}: gostaria de ${n} controladores para a linha de envase.`,
    };
    stream.contactsInFlight.add(body.message);
    const answer = await send(stream, `contato ${writer}-${n}`, () =>
      post(`${s.server.url}/api/collections/contact_messages/records`, body),
    );
    if (answer === null) return;
    stream.contactsInFlight.delete(body.message);
    stream.contacts.set(body.message, body);
  }
}

async function newsletterWriter(stream: Stream, writer: number) {
  for (let n = 1; !stream.stop; n++) {
    const email = `assinante-${writer}-${n}@exemplo.com.br`;
    const source = n % 2 ? '/blog' : '/';
    stream.subscribersInFlight.add(email);
    const answer = await send(stream, `newsletter ${email}`, () =>
      post(`${s.server.url}/api/collections/newsletter_subscribers/records`, { email, source }),
    );
    if (answer === null) return;
    stream.subscribersInFlight.delete(email);
    stream.subscribers.set(email, source);
  }
}

/** A sizeable Markdown body, so each write is more than a few bytes of WAL. */
function article(title: string) {
  return `## ${title}\n\n${'O controlador lê os sensores, registra as medições e aciona as saídas. '.repeat(60)}\n`;
}

/** Creates a post, then revises it twice, then the next one: one request in flight at a time. */
async function staffWriter(stream: Stream, member: StaffMember) {
  const token = member.client.authStore.token;
  const user = member.actor!.id;
  const publishes = member.actor!.role !== 'author';
  for (let n = 1; !stream.stop; n++) {
    const base = `Post de ${member.name} ${n}`;
    let state: PostState = {
      title: base,
      excerpt: `Resumo ${n} de ${member.name}.`,
      content: article(base),
      category: n % 2 ? 'Técnico' : 'Tutoriais',
      tags: ['ESP32', `lote-${n}`],
      status: 'draft',
    };
    stream.createsInFlight.add(state.title);
    const created = (await send(stream, `criar ${base}`, () =>
      post(`${s.server.url}/api/collections/posts/records`, state, token),
    )) as { id: string } | null;
    if (created === null) return;
    stream.createsInFlight.delete(state.title);
    stream.posts.set(created.id, { state, author: user });
    stream.staffWrites.push({ action: 'INSERT', id: created.id, title: state.title, user });

    for (let revision = 1; revision <= 2 && !stream.stop; revision++) {
      const next: PostState = {
        ...state,
        title: `${base} (revisão ${revision})`,
        excerpt: `Resumo ${n} revisado ${revision}.`,
        content: article(`${base} revisado ${revision}`),
        tags: [...state.tags, `revisao-${revision}`],
        status: publishes && revision === 2 ? 'published' : 'draft',
      };
      stream.postsInFlight.set(created.id, next);
      const updated = await send(stream, `revisar ${next.title}`, () =>
        post(`${s.server.url}/api/collections/posts/records/${created.id}`, next, token, 'PATCH'),
      );
      if (updated === null) return;
      stream.postsInFlight.delete(created.id);
      state = next;
      stream.posts.set(created.id, { state, author: user });
      stream.staffWrites.push({ action: 'UPDATE', id: created.id, title: state.title, user });
    }
  }
}

// ---------------------------------------------------------------------------
// Reading back after the restart, as a superuser (the API rules hide these from the public)

async function readAll<T>(collection: string): Promise<T[]> {
  return (await s.superuser.collection(collection).getFullList({ batch: 500 })) as T[];
}

const pick = (record: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(fields.map((field) => [field, record[field]]));
const POST_FIELDS = ['title', 'excerpt', 'content', 'category', 'tags', 'status'];

test('after SIGKILL in the middle of a stream of writes, every acknowledged write is there and the database is sound', async () => {
  const server = s.server;

  // The process we kill is PocketBase itself, not a wrapper around it.
  const pid = server.pid();
  if (process.platform === 'linux') {
    expect(await readlink(`/proc/${pid}/exe`)).toBe(await realpath(server.bin));
  }

  const stream = newStream();
  const writers = [
    contactWriter(stream, 1),
    contactWriter(stream, 2),
    newsletterWriter(stream, 1),
    newsletterWriter(stream, 2),
    staffWriter(stream, s.admin),
    staffWriter(stream, s.editor),
    staffWriter(stream, s.author),
  ];

  // Let the stream run until a good number of writes were acknowledged, then kill
  // PocketBase at a random moment, with requests in flight.
  const deadline = Date.now() + 60_000;
  while (stream.acknowledged < 150 && stream.unexpected.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(stream.unexpected, 'falhas antes da queda').toEqual([]);
  expect(stream.acknowledged).toBeGreaterThanOrEqual(150);
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 250));
  stream.killed = true;
  await server.kill();
  stream.stop = true;
  await Promise.all(writers);
  const inFlight = stream.cutOff;

  expect(stream.unexpected, 'respostas de erro durante o fluxo').toEqual([]);
  // The kill really hit the stream: at least one request was cut off without an answer.
  expect(inFlight).toBeGreaterThan(0);
  await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

  // The files as the crash left them: a WAL with committed transactions not yet
  // checkpointed is the normal state; both databases must still be sound.
  const dataDb = path.join(server.dataDir, 'data.db');
  const auxDb = path.join(server.dataDir, 'auxiliary.db');
  const walBytes = await stat(`${dataDb}-wal`).then(
    (info) => info.size,
    () => 0,
  );
  expect(integrityCheck(dataDb)).toEqual(['ok']);
  expect(integrityCheck(auxDb)).toEqual(['ok']);

  await server.restart();
  expect(server.pid()).not.toBe(pid);

  // Public writes: every acknowledged one, with its exact content; nothing never sent.
  const contacts = await readAll<Record<string, unknown>>('contact_messages');
  const contactsByMessage = new Map(contacts.map((record) => [String(record.message), record]));
  for (const [message, body] of stream.contacts) {
    const record = contactsByMessage.get(message);
    expect(record, `mensagem confirmada perdida: ${message}`).toBeDefined();
    expect(pick(record!, Object.keys(body))).toEqual(body);
    expect(record!.read).toBe(false);
  }
  for (const message of contactsByMessage.keys()) {
    expect(stream.contacts.has(message) || stream.contactsInFlight.has(message), `mensagem nunca enviada: ${message}`).toBe(true);
  }

  const subscribers = await readAll<{ email: string; source: string; consented_at: string }>('newsletter_subscribers');
  const subscribersByEmail = new Map(subscribers.map((record) => [record.email, record]));
  for (const [email, source] of stream.subscribers) {
    const record = subscribersByEmail.get(email);
    expect(record, `inscrição confirmada perdida: ${email}`).toBeDefined();
    expect(record!.source).toBe(source);
    expect(record!.consented_at).not.toBe('');
  }
  for (const email of subscribersByEmail.keys()) {
    expect(stream.subscribers.has(email) || stream.subscribersInFlight.has(email), `inscrição nunca enviada: ${email}`).toBe(
      true,
    );
  }

  // Staff writes: each post in its last acknowledged state, or in the state of an
  // update that was in flight at the kill (SQLite commits it whole or not at all).
  const posts = await readAll<Record<string, unknown> & { id: string; author: string }>('posts');
  const postsById = new Map(posts.map((record) => [record.id, record]));
  for (const [id, { state, author }] of stream.posts) {
    const record = postsById.get(id);
    expect(record, `post confirmado perdido: ${state.title}`).toBeDefined();
    expect(record!.author).toBe(author);
    const stored = pick(record!, POST_FIELDS);
    const pending = stream.postsInFlight.get(id);
    if (pending && JSON.stringify(stored) === JSON.stringify(pick({ ...pending }, POST_FIELDS))) continue;
    expect(stored).toEqual(pick({ ...state }, POST_FIELDS));
  }
  for (const record of posts) {
    expect(
      stream.posts.has(record.id) || stream.createsInFlight.has(String(record.title)),
      `post nunca enviado: ${record.title}`,
    ).toBe(true);
  }

  // The audit row of a staff write is saved in the same transaction as the write
  // (pb_hooks/audit.pb.js): every acknowledged staff write has its row, and no stored
  // post lacks the row of its creation, even one cut off by the kill.
  const audit = await readAll<{
    action: string;
    table_name: string;
    record_id: string;
    user: string;
    new_values: { title?: string };
  }>('audit_logs');
  const auditKeys = new Set(
    audit
      .filter((row) => row.table_name === 'posts')
      .map((row) => `${row.action} ${row.record_id} ${row.new_values?.title} ${row.user}`),
  );
  for (const write of stream.staffWrites) {
    expect(
      auditKeys.has(`${write.action} ${write.id} ${write.title} ${write.user}`),
      `auditoria perdida: ${write.action} ${write.title}`,
    ).toBe(true);
  }
  const auditedInserts = new Set(
    audit.filter((row) => row.action === 'INSERT' && row.table_name === 'posts').map((row) => row.record_id),
  );
  const postsWithoutAudit = posts.filter((record) => !auditedInserts.has(record.id)).length;
  expect(postsWithoutAudit, 'posts gravados sem a linha de auditoria da criação').toBe(0);

  // The site is served again, 404 page included.
  const home = await fetch(`${server.url}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toBe(SITE['index.html']);
  const missing = await fetch(`${server.url}/pagina-que-nao-existe`);
  expect(missing.status).toBe(404);
  expect(await missing.text()).toBe(SITE['404.html']);

  // And the databases are still sound with the server running again.
  expect(integrityCheck(dataDb)).toEqual(['ok']);
  expect(integrityCheck(auxDb)).toEqual(['ok']);

  console.log(
    `[resiliência] ${stream.acknowledged} escritas confirmadas (${stream.contacts.size} mensagens, ` +
      `${stream.subscribers.size} inscrições, ${stream.staffWrites.length} escritas da equipe em ${stream.posts.size} posts); ` +
      `${inFlight} requisições cortadas pelo SIGKILL; WAL de ${walBytes} bytes na queda; ` +
      `no banco após reiniciar: ${contacts.length} mensagens, ${subscribers.length} inscrições, ${posts.length} posts ` +
      `(${postsWithoutAudit} sem linha de auditoria de criação).`,
  );
}, 120_000);
