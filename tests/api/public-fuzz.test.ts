/**
 * Fuzz-style test of everything an anonymous visitor can reach: hostile input
 * (oversized fields, wrong types, markup, SQL-ish text, Unicode edge cases,
 * malformed JSON, wrong content types, hostile query strings) against a real
 * PocketBase with this repository's hooks and migrations. Every answer must be a
 * non-5xx with a JSON message (pt-BR where our hooks speak; PocketBase's standard
 * `{ status, message, data: { field: { code, message } } }` otherwise, with codes the
 * product's clients translate), and afterwards nothing malformed may be stored.
 *
 * Seeded: FUZZ_SEED=<n> reproduces a run (the seed is printed; the default is fixed).
 *
 * Inventory (anonymous reach; rules from pb_migrations/, routes from pb_hooks/):
 *
 * | Endpoint                                                    | Anonymous may                                   | Fuzzed with                         |
 * | ----------------------------------------------------------- | ----------------------------------------------- | ----------------------------------- |
 * | POST /api/collections/contact_messages/records              | create (honeypot `website` empty)               | every field, types, JSON, sizes     |
 * | POST /api/collections/newsletter_subscribers/records        | create (honeypot; 204 whether new or known)     | email, source, honeypot, JSON       |
 * | POST /api/collections/users/records                         | sign up (inactive author; no role/is_active)    | email, password, full_name, extras  |
 * | POST /api/collections/comments/records                      | comment (always pending; 5 per 10 min per IP)   | server-only keys, respelled         |
 * | POST /api/collections/users/auth-with-password              | sign in (5 failures/15 min per e-mail: 429)     | identity, password                  |
 * | GET  /api/collections/users/auth-methods                    | read                                            | query string                        |
 * | POST /api/collections/users/request-password-reset          | ask (204 for any well-formed e-mail)            | email                               |
 * | POST /api/collections/users/confirm-password-reset          | confirm with a token                            | token, password, passwordConfirm    |
 * | POST /api/collections/users/request-verification            | ask (204)                                       | email                               |
 * | POST /api/collections/users/confirm-verification            | confirm with a token                            | token                               |
 * | POST /api/collections/users/confirm-email-change            | confirm with a token                            | token, password                     |
 * | POST /api/collections/users/request-otp, auth-with-otp      | nothing without a password step's mfaId: 4xx    | email, otpId, password              |
 * | POST /api/collections/users/auth-with-oauth2                | nothing (OAuth2 disabled: 4xx)                  | provider, code                      |
 * | POST /api/collections/_superusers/auth-with-password        | sign in (operators)                             | identity, password                  |
 * | GET  /api/collections/posts/records[/:id]                   | list/view published (or due scheduled) posts    | filter/sort/expand/fields/page, ids |
 * | GET  /api/collections/pages/records[/:id]                   | list/view published pages                       | same                                |
 * | GET  /api/collections/public_site_settings/records[/:id]    | list/view all keys but smtp_*                   | same                                |
 * | GET  /api/collections/media/records/:id                     | view (files are public); list is staff-only     | same                                |
 * | GET  /api/collections/{users,contact_messages,newsletter_subscribers,audit_logs,site_builds,login_attempts}/records | nothing (empty list, 404 or 403) | same |
 * | POST/PATCH/DELETE on posts, pages, media, settings, audit_logs, site_builds, login_attempts | nothing (4xx)      | hostile bodies                      |
 * | GET  /api/files/:collection/:id/:name                       | public files (media, post covers, avatars)      | hostile paths, thumb, download      |
 * | GET  /api/health                                            | read                                            | query string                        |
 * | GET  /api/admin/stats (admin.pb.js)                         | nothing (401)                                   | hostile tokens                      |
 * | GET /api/admin/backups/{status,:name} (backups.pb.js)       | nothing (401)                                   | hostile names, tokens               |
 * | GET/POST/PUT/DELETE /api/admin/rest/backups[/:name] (backups.pb.js) | nothing (401)                           | hostile names, tokens, queries      |
 * | GET/POST /api/admin/rest/site-builds[/:id] (publish.pb.js)  | nothing (401)                                   | hostile ids, tokens, queries        |
 * | POST /api/site/builds/report (publish.pb.js)                | nothing without the publisher's secret (403)    | hostile secrets, bodies             |
 * | POST /api/site/jobs/publish-scheduled (content.pb.js)       | nothing (superusers only: 401)                  | hostile bodies                      |
 * | /api/collections, /api/settings, /api/backups, /api/logs, /api/crons, /api/batch | nothing (PocketBase: 401/403) | hostile bodies                |
 * | GET  /{path...} (the built site, served by server/)         | read                                            | traversal, NUL, long paths          |
 *
 * Other spellings of the keys: every auth action above is also sent with its
 * body's keys respelled (`EMAIL`, `Identity`, `OtPiD`; JSON and multipart's @jsonPayload),
 * and values sent only so must be counted by the guards (login_attempts); the public
 * creates (contact, newsletter, sign-up, comments) get the server-only fields under other
 * spellings (`ROLE`, `Is_Active`, `STATUS`, `CONFIRMED_AT`), which are never stored. The
 * staff's guarded fields are in authorization-matrix.test.ts, the guards one by one in
 * guard-keys.test.ts.
 *
 * Not HTTP: `pocketbase create-admin` (commands.pb.js) is an operator's command line.
 * The newsletter's confirm/unsubscribe pages are in newsletter-opt-in.test.ts, uploads in
 * media-safety.test.ts; the per-IP limiter's normal behaviour is in rate-limits.test.ts
 * (its hostile burst is here).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { csvCell } from '../../src/admin/audit/csv';
import { startStaffServer, type StaffServer } from '../helpers/staff';
import { superuserToken } from '../helpers/server';
import {
  ALL_STRINGS,
  CONTROL_CHARACTERS,
  Fuzzer,
  INVISIBLE,
  LINE_BREAKS,
  MARKUP,
  MARKUP_PATTERN,
  WRONG_TYPES,
  characters,
  expectedStored,
  oversized,
  textVerdict,
  type Verdict,
} from '../helpers/hostile';
import { contactMessage } from '../helpers/contact-message';
import { FUNCAO_MAP, writeGitArticles } from '../helpers/git-articles';
import { caseVariants, respelled } from '../helpers/key-spellings';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_801);
const fuzz = new Fuzzer(SEED);

/** The pt-BR answers of our hooks (pb_hooks/lib/common/input.js). */
const MESSAGES = {
  markup: 'Este campo não aceita marcação HTML (como <script>).',
  control: 'Este campo contém caracteres de controle não permitidos.',
  lineBreak: 'Este campo não aceita quebras de linha nem tabulações.',
  email: 'Informe um e-mail válido.',
  phone: 'Informe um telefone válido.',
  fields: 'O parâmetro fields é inválido.',
};

/**
 * PocketBase's validation codes the product's clients translate into pt-BR (the
 * admin's src/admin/errors.ts, the public forms' ContactForm/NewsletterForm), plus
 * the codes our hooks answer with a pt-BR message.
 */
const TRANSLATED_CODES = new Set([
  'validation_required',
  'validation_not_unique',
  'validation_invalid_email',
  'validation_is_email',
  'validation_min_text_constraint',
  'validation_max_text_constraint',
  'validation_length_out_of_range',
  'validation_invalid_format',
  'validation_match_invalid',
  'validation_values_mismatch',
  'validation_file_size_limit',
  'validation_invalid_mime_type',
  'validation_invalid_value',
  'validation_in_invalid',
  'validation_invalid_date',
  'validation_markup_not_allowed',
  'validation_password_too_short',
  'validation_password_too_weak',
  // The e-mail link screens (src/admin/auth/TokenPages.tsx) turn a token error into
  // their own pt-BR text, and show 'Valor inválido.' for a wrong password.
  'validation_invalid_token',
  'validation_invalid_token_claims',
  'validation_invalid_token_payload',
  'validation_invalid_password',
]);

const PORTUGUESE = /[ãõçáéíóúâêô]|\b(não|inválid\w*|campo|caracteres|senha|informe|preencha|segredo|tentativas)\b/i;

let s: StaffServer;
let url: string;
let superuserAuth: string;
const seeded = { publishedPost: '', draftPost: '', draftPage: '', publishedPage: '', smtpSetting: '', media: '' };
const SMTP_SECRET_HOST = 'smtp.segredo-interno.example';
/** Record counts before the fuzzing, for the collections visitors cannot write. */
const before: Record<string, number> = {};
const stats = { requests: 0 };

// ---------------------------------------------------------------------------
// HTTP and answer checks

interface Answer {
  status: number;
  text: string;
  json: unknown;
  headers: Headers;
}

async function send(
  method: string,
  path: string,
  options: { json?: unknown; body?: BodyInit; type?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  }
  if (options.type) headers['Content-Type'] = options.type;
  stats.requests++;
  if ((typeof body === 'string' || body instanceof Uint8Array) && Buffer.byteLength(body) > LARGE_BODY) {
    return sendOnFreshConnection(method, path, headers, body);
  }
  const response = await fetch(`${url}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, text, json: parseJson(text), headers: response.headers };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Above this size a body goes on a connection of its own, closed after the answer:
 * PocketBase may answer without reading a large body and then read the rest of it as
 * the next request on the same connection (see the desync test below), which would
 * mix up the answers of the following cases.
 */
const LARGE_BODY = 200 * 1024;

/**
 * Bodies the server will not read ask first (`Expect: 100-continue`, as curl does for
 * large uploads): a server that refuses them answers before they are sent, instead of
 * resetting the connection mid-upload. Above 256 KB net/http does not drain an unread
 * body (server/site closes such a connection), and on a busy machine the reset could
 * reach the client before the answer (seen once in a fresh-clone CI: write ECONNRESET).
 */
const HUGE_BODY = 256 * 1024;

function sendOnFreshConnection(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | Uint8Array,
): Promise<Answer> {
  const length = Buffer.byteLength(body);
  const expectContinue = length > HUGE_BODY;
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...headers,
          'Content-Length': String(length),
          Connection: 'close',
          ...(expectContinue ? { Expect: '100-continue' } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const pairs = Object.entries(response.headers).flatMap(([name, value]) =>
            value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((one) => [name, one] as [string, string]),
          );
          resolve({ status: response.statusCode!, text, json: parseJson(text), headers: new Headers(pairs) });
        });
      },
    );
    request.on('error', reject);
    if (expectContinue) request.on('continue', () => request.end(body));
    else request.end(body);
  });
}

interface ErrorBody {
  status: number;
  message: string;
  data: Record<string, { code: string; message: string }>;
}

/**
 * The universal checks: never a 5xx; a 4xx answers PocketBase's JSON error shape with
 * a message, field errors carry a code the clients translate (or a pt-BR message);
 * a 200 carries a JSON body.
 */
function checkAnswer(
  label: string,
  answer: Answer,
  problems: string[],
  allowed?: number[],
  /** `errors`: only error answers must be JSON (files, pages of the site); `none`: nothing must be. */
  options: { json?: 'all' | 'errors' | 'none' } = {},
): ErrorBody | null {
  const json = options.json ?? 'all';
  const where = `[seed ${SEED}] ${label}`;
  if (answer.status >= 500) {
    problems.push(`${where}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
    return null;
  }
  if (allowed && !allowed.includes(answer.status)) {
    problems.push(`${where}: HTTP ${answer.status} (esperado ${allowed.join('/')}) ${answer.text.slice(0, 200)}`);
  }
  if (answer.status >= 400 && json !== 'none') {
    const body = answer.json as Partial<ErrorBody> | undefined;
    if (!body || typeof body !== 'object') {
      problems.push(`${where}: HTTP ${answer.status} sem corpo JSON: ${answer.text.slice(0, 120)}`);
      return null;
    }
    if (typeof body.message !== 'string' || body.message.trim() === '') problems.push(`${where}: erro sem mensagem`);
    if (body.status !== answer.status) problems.push(`${where}: status ${body.status} no corpo, ${answer.status} na resposta`);
    for (const [field, detail] of Object.entries(body.data ?? {})) {
      if (!detail || typeof detail.code !== 'string' || typeof detail.message !== 'string' || !detail.message) {
        problems.push(`${where}: erro do campo ${field} sem código ou mensagem: ${JSON.stringify(detail)}`);
      } else if (!TRANSLATED_CODES.has(detail.code) && !PORTUGUESE.test(detail.message)) {
        problems.push(`${where}: código ${detail.code} (${detail.message}) sem tradução nos clientes`);
      }
    }
    return body as ErrorBody;
  }
  if (answer.status === 200 && json === 'all' && answer.json === undefined) {
    problems.push(`${where}: HTTP 200 sem corpo JSON (${JSON.stringify(answer.text.slice(0, 80))})`);
  }
  return null;
}

/** Public creates refuse a body over 64 KB with 413 before reading it (pb_hooks/requests.pb.js, pb_hooks/lib/common/body-limit.js). */
const PUBLIC_BODY_LIMIT = 64 * 1024;
const PUBLIC_CREATES = [
  '/api/collections/contact_messages/records',
  '/api/collections/newsletter_subscribers/records',
  '/api/collections/users/records',
];
const TOO_LARGE = 'O conteúdo enviado é grande demais: o limite é de 64 KB.';

/** For a public create whose JSON body is over the limit: checks the 413 refusal and returns true. */
function refusedAsTooLarge(label: string, body: unknown, answer: Answer, problems: string[]): boolean {
  if (Buffer.byteLength(JSON.stringify(body)) <= PUBLIC_BODY_LIMIT) return false;
  if (answer.status !== 413 || (answer.json as Partial<ErrorBody> | undefined)?.message !== TOO_LARGE) {
    problems.push(`[seed ${SEED}] ${label}: corpo acima de 64 KB sem o 413: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
  }
  return true;
}

/** Our hooks' refusal: a 400 whose field error carries the expected pt-BR message. */
function expectFieldMessage(label: string, error: ErrorBody | null, field: string, message: string, problems: string[]) {
  const got = error?.data?.[field]?.message;
  if (got !== message) problems.push(`[seed ${SEED}] ${label}: esperado "${message}" em ${field}, veio ${JSON.stringify(error)}`);
}

function report(name: string, cases: number, problems: string[]) {
  console.log(`[fuzz] seed=${SEED} ${name}: ${cases} casos, ${problems.length} problemas`);
  if (problems.length) console.log(problems.join('\n'));
  expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
}

async function asSuperuser(path: string): Promise<Answer> {
  return send('GET', path, { headers: { Authorization: superuserAuth } });
}

async function listAll(collection: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const answer = await asSuperuser(`/api/collections/${collection}/records?perPage=500&page=${page}&sort=id`);
    const body = answer.json as { items: Record<string, unknown>[]; totalPages: number };
    items.push(...body.items);
    if (page >= body.totalPages) return items;
  }
}

// ---------------------------------------------------------------------------
// The rules a stored record must satisfy (mirroring the migrations and hooks)

/** The e-mail rule of pb_hooks/lib/common/input.js: the browser's own (ASCII) rule, a dotted domain, RFC 5321 lengths. */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
function validEmail(value: unknown): boolean {
  if (typeof value !== 'string' || !EMAIL.test(value) || value.length > 254) return false;
  const [local] = value.split('@');
  return local!.length <= 64 && !local!.startsWith('.') && !local!.endsWith('.') && !local!.includes('..');
}

interface TextRule {
  min?: number;
  max: number;
  required?: boolean;
  multiline?: boolean;
  /** Free text: what looks like markup is kept as text (pb_hooks/lib/common/input.js, cleanFreeText). */
  freeText?: boolean;
}

function checkText(where: string, value: unknown, rule: TextRule, problems: string[]) {
  if (typeof value !== 'string') return problems.push(`${where}: não é texto (${JSON.stringify(value)})`);
  if (value === '') {
    if (rule.required) problems.push(`${where}: vazio`);
    return;
  }
  if (value !== value.trim()) problems.push(`${where}: espaços nas pontas ${JSON.stringify(value)}`);
  if (INVISIBLE.test(value)) problems.push(`${where}: nada visível ${JSON.stringify(value)}`);
  if (!rule.freeText && MARKUP_PATTERN.test(value)) problems.push(`${where}: marcação ${JSON.stringify(value.slice(0, 80))}`);
  if (CONTROL_CHARACTERS.test(value)) problems.push(`${where}: caractere de controle ${JSON.stringify(value.slice(0, 80))}`);
  if (!rule.multiline && LINE_BREAKS.test(value))
    problems.push(`${where}: quebra de linha ${JSON.stringify(value.slice(0, 80))}`);
  if (value !== value.toWellFormed()) problems.push(`${where}: UTF-16 malformado`);
  const length = characters(value);
  if (length > rule.max || length < (rule.min ?? 0))
    problems.push(`${where}: ${length} caracteres (limite ${rule.min ?? 0}–${rule.max})`);
}

const CONTACT_TEXT: Record<string, TextRule> = {
  name: { min: 2, max: 100, required: true },
  company: { max: 120, required: true },
  message: { min: 10, max: 5000, required: true, multiline: true, freeText: true },
};
const CONTACT_SELECTS: Record<string, string[]> = {
  has_machine: ['sim', 'nao', 'planejando'],
  volume: ['1-10', '11-25', '26-50', '51-100', '100+'],
  interest: ['produtos', 'personalizado', 'parceria', 'suporte', 'outro'],
};
const PHONE = /^\+?[0-9 ()-]{8,30}$/;
const validPhone = (value: unknown) =>
  typeof value === 'string' && PHONE.test(value) && value === value.trim() && (value.match(/[0-9]/g) ?? []).length >= 8;
/** The newsletter's source: a page path in URL characters (RFC 3986), as `location.pathname` gives it. */
const SOURCE = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

function checkContact(record: Record<string, unknown>, problems: string[]) {
  const where = `contact_messages ${record.id}`;
  for (const [field, rule] of Object.entries(CONTACT_TEXT)) checkText(`${where}.${field}`, record[field], rule, problems);
  if (!validEmail(record.email)) problems.push(`${where}.email inválido: ${JSON.stringify(record.email)}`);
  if (!validPhone(record.phone)) problems.push(`${where}.phone inválido: ${JSON.stringify(record.phone)}`);
  for (const [field, values] of Object.entries(CONTACT_SELECTS)) {
    if (!values.includes(record[field] as string))
      problems.push(`${where}.${field} fora da lista: ${JSON.stringify(record[field])}`);
  }
  if (record.read !== false) problems.push(`${where}: chegou marcada como lida`);
}

function checkSubscriber(record: Record<string, unknown>, problems: string[]) {
  const where = `newsletter_subscribers ${record.id}`;
  const email = record.email as string;
  if (!validEmail(email) || email !== email.toLowerCase()) problems.push(`${where}.email inválido: ${JSON.stringify(email)}`);
  const source = record.source as string;
  if (typeof source !== 'string' || !SOURCE.test(source) || source.length > 200) {
    problems.push(`${where}.source inválido: ${JSON.stringify(String(source).slice(0, 80))}`);
  }
  if (!record.consented_at) problems.push(`${where}: sem data de consentimento`);
}

function checkSignUp(record: Record<string, unknown>, problems: string[]) {
  const where = `users ${record.id} (${String(record.email).slice(0, 60)})`;
  if (!validEmail(record.email)) problems.push(`${where}.email inválido`);
  checkText(`${where}.full_name`, record.full_name, { max: 100 }, problems);
  if (/[<>]/.test(String(record.full_name))) problems.push(`${where}.full_name com < ou >`);
  if (record.role !== 'author' || record.is_active !== false || record.verified !== false) {
    problems.push(
      `${where}: cadastro público com papel ${record.role}, ativo ${record.is_active}, verificado ${record.verified}`,
    );
  }
}

/** What the admin's CSV exports make of a visitor's text: never a formula, always the same text back. */
function checkCsv(where: string, value: unknown, problems: string[]) {
  if (typeof value !== 'string') return;
  const cell = csvCell(value);
  const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
  if (/^[=+\-@\t\r]/.test(unquoted)) problems.push(`${where}: célula CSV executável ${JSON.stringify(cell.slice(0, 60))}`);
  if (unquoted.replace(/^'(?=[=+\-@\t\r])/, '') !== value) problems.push(`${where}: CSV não devolve o texto`);
}

// ---------------------------------------------------------------------------

/** A small built site, so the site's paths are served as in production (none: the first-start page), with the build's list of MDX articles, which comments go to. */
let siteDir = '';
async function writeSite() {
  siteDir = await mkdtemp(path.join(tmpdir(), 'fuzz-site-'));
  for (const [name, body] of Object.entries({
    'index.html': '<h1>Início</h1>',
    '404.html': '<h1>Página não encontrada</h1>',
    'admin/index.html': '<div id="painel"></div>',
    'blog/404/index.html': '<h1>Artigo não encontrado</h1>',
  })) {
    await mkdir(path.dirname(path.join(siteDir, name)), { recursive: true });
    await writeFile(path.join(siteDir, name), body);
  }
  await writeGitArticles(siteDir, [FUNCAO_MAP]);
}

beforeAll(async () => {
  console.log(`[fuzz] seed=${SEED} (FUZZ_SEED=${SEED} reproduz esta execução)`);
  await writeSite();
  s = await startStaffServer({ unthrottledLoopback: true, siteDir });
  url = s.server.url;
  superuserAuth = await superuserToken(s.server);
  const posts = s.editor.client.collection('posts');
  seeded.publishedPost = (await posts.create({ title: 'Post publicado', category: 'Técnico', status: 'published' })).id;
  seeded.draftPost = (await posts.create({ title: 'Rascunho secreto', category: 'Técnico' })).id;
  const pages = s.editor.client.collection('pages');
  seeded.publishedPage = (
    await pages.create({
      name: 'Página pública',
      status: 'published',
      content: { sections: [{ id: 'publica1', type: 'text', title: 'Pública', body: 'Texto.' }] },
    })
  ).id;
  seeded.draftPage = (await pages.create({ name: 'Página rascunho', status: 'draft' })).id;
  const smtp = await s.admin.client.collection('public_site_settings').getFirstListItem('key = "smtp_host"');
  await s.admin.client.collection('public_site_settings').update(smtp.id, { value: SMTP_SECRET_HOST });
  seeded.smtpSetting = smtp.id;
  const form = new FormData();
  form.append('file', new Blob(['texto público'], { type: 'text/plain' }), 'publico.txt');
  seeded.media = (await s.author.client.collection('media').create(form)).id;
  for (const collection of ['posts', 'pages', 'media', 'public_site_settings', 'audit_logs', 'site_builds']) {
    before[collection] = (await listAll(collection)).length;
  }
}, 120_000);

afterAll(async () => {
  console.log(`[fuzz] seed=${SEED}: ${stats.requests} requisições no total`);
  await s?.stop();
  if (siteDir) await rm(siteDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------
// Write endpoints

/** Hostile values for one text field: the catalogue, raw and inside ordinary text, wrong types, sizes. */
function textCases(rule: TextRule, context: (value: string) => string) {
  const cases: { label: string; value: unknown }[] = [];
  for (const hostile of ALL_STRINGS) {
    cases.push({ label: hostile.label, value: hostile.value });
    cases.push({ label: `${hostile.label} (no meio do texto)`, value: context(hostile.value) });
  }
  for (const wrong of WRONG_TYPES) cases.push({ label: `tipo errado: ${wrong.label}`, value: wrong.value });
  for (const size of oversized(rule.max)) cases.push({ label: size.label, value: size.value });
  cases.push({ label: 'ausente', value: undefined });
  return cases;
}

const HOSTILE_EMAILS: { label: string; value: string; ok: boolean }[] = [
  { label: 'comum', value: 'maria.silva@exemplo.com.br', ok: true },
  { label: 'com +tag', value: 'nome+orcamento@exemplo.com.br', ok: true },
  { label: 'apóstrofo', value: "o'brien@exemplo.com", ok: true },
  { label: 'maiúsculas', value: 'Maria.Silva@Exemplo.COM.br', ok: true },
  { label: 'começa com =', value: '=1+1@exemplo.com', ok: true },
  { label: 'IDN em punycode', value: 'contato@xn--fabrica-9ya.com.br', ok: true },
  { label: 'local com 64', value: `${'a'.repeat(64)}@exemplo.com`, ok: true },
  { label: 'vazio', value: '', ok: false },
  { label: 'só espaços', value: '    ', ok: false },
  { label: 'sem arroba', value: 'sem-arroba.exemplo.com', ok: false },
  { label: 'sem local', value: '@exemplo.com', ok: false },
  { label: 'sem domínio', value: 'maria@', ok: false },
  { label: 'domínio sem ponto', value: 'maria@localhost', ok: false },
  { label: 'dois arrobas', value: 'a@@exemplo.com', ok: false },
  { label: 'espaço no meio', value: 'ma ria@exemplo.com', ok: false },
  { label: 'tag no local', value: '<script>@exemplo.com', ok: false },
  { label: 'local entre aspas com script', value: '"<script>alert(1)</script>"@exemplo.com', ok: false },
  { label: 'script depois', value: 'a@exemplo.com<script>alert(1)</script>', ok: false },
  { label: 'acento no local', value: 'josé@exemplo.com', ok: false },
  { label: 'RTL override', value: 'fatura\u202Etxt@exemplo.com', ok: false },
  { label: 'zero-width', value: '\u200B@exemplo.com', ok: false },
  { label: 'NUL no fim', value: 'maria@exemplo.com\u0000', ok: false },
  { label: 'quebra de linha (cabeçalho)', value: 'maria@exemplo.com\r\nBcc: todos@exemplo.com', ok: false },
  { label: 'local com 65', value: `${'a'.repeat(65)}@exemplo.com`, ok: false },
  { label: 'mais de 254', value: `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.com`, ok: false },
  { label: '5000 caracteres', value: `${'a'.repeat(5000)}@exemplo.com`, ok: false },
  { label: 'ponto duplo', value: 'maria..silva@exemplo.com', ok: false },
  { label: 'SQL', value: "' OR 1=1 --@exemplo.com", ok: false },
  { label: 'IP literal', value: 'maria@[127.0.0.1]', ok: false },
  { label: 'emoji', value: '😀@exemplo.com', ok: false },
];

/** How a case is sent (`send`'s options). */
interface Sending {
  json?: unknown;
  body?: BodyInit;
  type?: string;
}

/**
 * Other spellings of a body's keys (tests/helpers/key-spellings.ts): PocketBase's
 * own forms match JSON keys whatever their case (Go's encoding/json), in a JSON body and in
 * multipart's `@jsonPayload`, while records take their fields by exact name. Each of
 * caseVariants' spellings in turn (the i-th spelling of every key, repeats left out) as
 * JSON, then upper case in `@jsonPayload`.
 */
function respelledWays(body: Record<string, unknown>): { label: string; send: Sending }[] {
  const ways: { label: string; send: Sending }[] = [];
  const seen = new Set<string>();
  const most = Math.max(0, ...Object.keys(body).map((key) => caseVariants(key).length));
  for (let i = 0; i < most; i++) {
    const spelled = respelled(body, (key) => {
      const spellings = caseVariants(key);
      return spellings[Math.min(i, spellings.length - 1)] ?? key;
    });
    const keys = Object.keys(spelled).join(',');
    if (seen.has(keys)) continue;
    seen.add(keys);
    ways.push({ label: `JSON ${keys}`, send: { json: spelled } });
  }
  if (Object.keys(body).length > 0) {
    const upper = respelled(body, (key) => key.toUpperCase());
    ways.push({ label: `@jsonPayload ${Object.keys(upper).join(',')}`, send: jsonPayload(upper) });
  }
  return ways;
}

/**
 * A multipart body carrying `value` as JSON in its `@jsonPayload` field, as text: `send`
 * puts a large one on a connection of its own, as it does a large JSON body.
 */
function jsonPayload(value: Record<string, unknown>): { body: string; type: string } {
  const boundary = 'grafia-das-chaves';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="@jsonPayload"\r\n\r\n${JSON.stringify(value)}\r\n--${boundary}--\r\n`;
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Well-formed values sent to a guarded auth route only under other spellings of their
 * keys, and the login_attempts key each must be counted under (pb_hooks/lib/auth/throttle.js,
 * pb_hooks/lib/auth/two-step.js), as the exact key is: a reset request per e-mail, a failed sign-in per
 * typed e-mail, a code try per code.
 */
const GUARD_PROBES: { path: string; label: string; send: Sending; status: number; counted: string }[] = [
  ...caseVariants('email').map((spelling, i) => ({
    path: 'users/request-password-reset',
    label: `JSON "${spelling}"`,
    send: { json: { [spelling]: `grafia-${i}@exemplo.com.br` } },
    status: 204,
    counted: `reset:users:grafia-${i}@exemplo.com.br`,
  })),
  {
    path: 'users/request-password-reset',
    label: '@jsonPayload "EMAIL"',
    send: jsonPayload({ EMAIL: 'grafia-payload@exemplo.com.br' }),
    status: 204,
    counted: 'reset:users:grafia-payload@exemplo.com.br',
  },
  {
    path: '_superusers/request-password-reset',
    label: 'JSON "Email"',
    send: { json: { Email: 'grafia-operador@exemplo.com.br' } },
    status: 204,
    counted: 'reset:_superusers:grafia-operador@exemplo.com.br',
  },
  ...caseVariants('identity').map((spelling) => ({
    path: 'users/auth-with-password',
    label: `JSON "${spelling}"`,
    send: { json: { [spelling]: 'grafia-login@exemplo.com.br', password: 'Senha-Errada-123' } },
    status: 400,
    counted: 'users:email:grafia-login@exemplo.com.br',
  })),
  {
    path: 'users/auth-with-password',
    label: '@jsonPayload "IDENTITY"',
    send: jsonPayload({ IDENTITY: 'grafia-login@exemplo.com.br', PASSWORD: 'Senha-Errada-123' }),
    status: 400,
    counted: 'users:email:grafia-login@exemplo.com.br',
  },
  {
    path: 'users/auth-with-otp',
    label: 'JSON "OTPID", "MFAID"',
    send: { json: { OTPID: 'grafiacodigo001', MFAID: 'grafiasessao001', password: '000000' } },
    status: 400,
    counted: 'code-try:grafiacodigo001',
  },
  {
    path: 'users/auth-with-otp',
    label: '@jsonPayload "OtpId", "MfaId"',
    send: jsonPayload({ OtpId: 'grafiacodigo002', MfaId: 'grafiasessao002', Password: '000000' }),
    status: 400,
    counted: 'code-try:grafiacodigo002',
  },
];

let caseNumber = 0;
/** A unique, valid address for a case, so repeated sign-ups never collide. */
const uniqueEmail = (prefix: string) => `${prefix}-${SEED}-${++caseNumber}@exemplo.com.br`;

describe('public write endpoints answer hostile input with a clear 4xx and store nothing malformed', () => {
  test('contact form (contact_messages create)', async () => {
    const problems: string[] = [];
    let cases = 0;
    const path = '/api/collections/contact_messages/records';
    const valid = () => ({ ...contactMessage(), email: uniqueEmail('contato') });

    const run = async (label: string, body: Record<string, unknown>, want?: { field: string; verdict: Verdict | 'invalid' }) => {
      cases++;
      const answer = await send('POST', path, { json: body });
      if (refusedAsTooLarge(`contato ${label}`, body, answer, problems)) return;
      const error = checkAnswer(`contato ${label}`, answer, problems, [200, 400]);
      if (answer.status === 200) await checkRoundTrip(label, body, answer);
      if (!want) return;
      const { field, verdict } = want;
      const value = body[field] as string;
      if (verdict === 'accept' && answer.status !== 200) {
        problems.push(`[seed ${SEED}] contato ${label}: texto legítimo recusado: ${answer.text.slice(0, 200)}`);
      }
      if ((verdict === 'refuse' || verdict === 'blank' || verdict === 'invalid') && answer.status === 200) {
        problems.push(`[seed ${SEED}] contato ${label}: aceito, mas devia ser recusado (${JSON.stringify(value).slice(0, 80)})`);
      }
      if (verdict === 'refuse' && answer.status === 400) {
        const trimmed = value.trim();
        const message = CONTROL_CHARACTERS.test(trimmed)
          ? MESSAGES.control
          : LINE_BREAKS.test(trimmed) && field !== 'message'
            ? MESSAGES.lineBreak
            : MESSAGES.markup;
        if (field !== 'phone') expectFieldMessage(`contato ${label}`, error, field, message, problems);
      }
      if (verdict === 'blank' && answer.status === 400 && error?.data?.[field]?.code !== 'validation_required') {
        problems.push(`[seed ${SEED}] contato ${label}: texto invisível devia contar como vazio: ${answer.text.slice(0, 200)}`);
      }
    };
    /** What the visitor sent is what staff read (trimmed); the server's own facts are the server's. */
    const checkRoundTrip = async (label: string, body: Record<string, unknown>, answer: Answer) => {
      const id = (answer.json as { id: string }).id;
      const stored = (await asSuperuser(`/api/collections/contact_messages/records/${id}`)).json as Record<string, unknown>;
      for (const name of [...Object.keys(CONTACT_TEXT), 'email', 'phone', ...Object.keys(CONTACT_SELECTS)]) {
        const sent = body[name];
        if (typeof sent === 'string' && stored[name] !== expectedStored(sent).trim()) {
          problems.push(
            `[seed ${SEED}] contato ${label}: ${name} gravado diferente: ${JSON.stringify(stored[name]).slice(0, 80)}`,
          );
        }
      }
      if (stored.read !== false) problems.push(`[seed ${SEED}] contato ${label}: gravada como lida`);
      if (String(stored.created).startsWith('2001')) problems.push(`[seed ${SEED}] contato ${label}: data de criação forjada`);
    };

    const contexts: Record<string, (value: string) => string> = {
      name: (value) => `Ana ${value} Silva`,
      company: (value) => `Indústria ${value} Ltda`,
      message: (value) => `Gostaria de um orçamento: ${value} — obrigado.`,
      phone: (value) => `(47) 9${value}9999-0000`,
    };
    for (const [field, rule] of Object.entries({ ...CONTACT_TEXT, phone: { max: 30, required: true } as TextRule })) {
      for (const { label, value } of textCases(rule, contexts[field]!)) {
        const body: Record<string, unknown> = { ...valid(), [field]: value };
        if (value === undefined) delete body[field];
        let verdict: Verdict | 'invalid' | undefined;
        if (typeof value === 'string') {
          verdict = textVerdict(value, { multiline: rule.multiline, markup: rule.freeText ? 'allow' : 'refuse' });
          const length = characters(expectedStored(value).trim());
          if (verdict === 'accept' && (length > rule.max || length < (rule.min ?? 1))) verdict = 'invalid';
          if (field === 'phone' && verdict === 'accept' && !validPhone(value.trim())) verdict = 'invalid';
        } else if (value === undefined || value === null) verdict = 'invalid';
        await run(`${field}: ${label}`, body, verdict ? { field, verdict } : undefined);
      }
    }
    for (const { label, value, ok } of HOSTILE_EMAILS) {
      await run(`email: ${label}`, { ...valid(), email: value }, { field: 'email', verdict: ok ? 'accept' : 'invalid' });
    }
    for (const wrong of WRONG_TYPES) await run(`email: tipo errado ${wrong.label}`, { ...valid(), email: wrong.value });
    for (const [field, values] of Object.entries(CONTACT_SELECTS)) {
      for (const hostile of [...fuzz.sample(ALL_STRINGS, 8), ...oversized(10).slice(2, 5)]) {
        await run(`${field}: ${hostile.label}`, { ...valid(), [field]: hostile.value }, { field, verdict: 'invalid' });
      }
      for (const wrong of WRONG_TYPES) await run(`${field}: tipo errado ${wrong.label}`, { ...valid(), [field]: wrong.value });
      // Two values for a one-value select: PocketBase keeps the last one (checked when stored).
      await run(`${field}: dois valores`, { ...valid(), [field]: values.slice(0, 2) });
      const shouted = values.at(-1)!.toUpperCase();
      if (shouted !== values.at(-1))
        await run(`${field}: maiúsculas`, { ...valid(), [field]: shouted }, { field, verdict: 'invalid' });
    }
    // Fields the visitor must not choose: read flag, dates, ids, honeypot; unknown fields are ignored.
    for (const read of [true, 'true', 1, 'on']) await run(`read = ${JSON.stringify(read)}`, { ...valid(), read });
    await run('created no passado', { ...valid(), created: '2001-01-01 00:00:00.000Z', updated: '2001-01-01 00:00:00.000Z' });
    for (const id of ['../../../etc', '<script>', 'ABCDEFGHIJKLMNO', 'a'.repeat(16), "' OR 1=1 --", '']) {
      await run(`id escolhido ${JSON.stringify(id)}`, { ...valid(), id });
    }
    for (const website of ['http://spam.example', ' ', 0, false, ['x'], { a: 1 }]) {
      await run(`honeypot ${JSON.stringify(website)}`, { ...valid(), website });
    }
    await run('campos desconhecidos', {
      ...valid(),
      collectionId: 'x',
      expand: { a: 1 },
      '@request.auth.id': 'x',
      __proto__x: 1,
    });
    // Random mixes: several hostile fields at once.
    const fields = [...Object.keys(CONTACT_TEXT), 'phone', 'email', ...Object.keys(CONTACT_SELECTS)];
    for (let i = 0; i < 60; i++) {
      const body: Record<string, unknown> = valid();
      for (const field of fuzz.sample(fields, fuzz.int(2, 4))) {
        body[field] = fuzz.random() < 0.2 ? fuzz.pick(WRONG_TYPES).value : fuzz.pick(ALL_STRINGS).value;
      }
      await run(`mistura #${i}`, body);
    }
    report('contato', cases, problems);
  }, 180_000);

  test('newsletter sign-up (newsletter_subscribers create)', async () => {
    const problems: string[] = [];
    let cases = 0;
    const path = '/api/collections/newsletter_subscribers/records';
    const stored = async (email: string) => {
      const filter = encodeURIComponent(`email = "${email.replace(/["\\]/g, '\\$&')}"`);
      const answer = await asSuperuser(`/api/collections/newsletter_subscribers/records?filter=${filter}`);
      return ((answer.json as { items?: Record<string, unknown>[] }).items ?? [])[0];
    };
    const run = async (label: string, body: Record<string, unknown>, expected?: 'accept' | 'refuse') => {
      cases++;
      const answer = await send('POST', path, { json: body });
      if (refusedAsTooLarge(`newsletter ${label}`, body, answer, problems)) return;
      checkAnswer(`newsletter ${label}`, answer, problems, [204, 400]);
      if (expected === 'accept' && answer.status !== 204)
        problems.push(`[seed ${SEED}] newsletter ${label}: recusado ${answer.text.slice(0, 200)}`);
      if (expected === 'refuse' && answer.status !== 400) problems.push(`[seed ${SEED}] newsletter ${label}: aceito`);
      if (expected === 'accept' && answer.status === 204 && typeof body.email === 'string') {
        const row = await stored(body.email.trim().toLowerCase());
        if (!row) problems.push(`[seed ${SEED}] newsletter ${label}: 204, mas nada gravado`);
        else if (row.source !== body.source)
          problems.push(`[seed ${SEED}] newsletter ${label}: origem gravada ${JSON.stringify(row.source)}`);
      }
    };
    for (const { label, value, ok } of HOSTILE_EMAILS) {
      // Same address twice: the second answer must be the same empty 204 (no enumeration).
      const email = ok ? value.replace('@', `+${++caseNumber}@`).replace(/^(.{64})[^@]*@/, '$1@') : value;
      await run(`email: ${label}`, { email, source: '/blog' }, ok && validEmail(email) ? 'accept' : 'refuse');
      if (ok) await run(`email repetido: ${label}`, { email: ` ${email.toUpperCase()} `, source: '/' });
    }
    for (const hostile of ALL_STRINGS) await run(`email: ${hostile.label}`, { email: hostile.value, source: '/' }, 'refuse');
    for (const wrong of WRONG_TYPES)
      await run(`email: tipo errado ${wrong.label}`, { email: wrong.value, source: '/' }, 'refuse');
    const sources: { label: string; value: unknown; ok: boolean }[] = [
      { label: 'raiz', value: '/', ok: true },
      { label: 'blog', value: '/blog/instalacao-esp32', ok: true },
      { label: 'codificado', value: '/blog/ol%C3%A1?x=1&y=2#topo', ok: true },
      { label: '200 caracteres', value: `/${'a'.repeat(199)}`, ok: true },
      { label: '201 caracteres', value: `/${'a'.repeat(200)}`, ok: false },
      { label: 'script no caminho', value: '/<script>alert(1)</script>', ok: false },
      { label: 'aspas', value: '/"onmouseover="alert(1)', ok: false },
      { label: 'protocolo', value: 'javascript:alert(1)', ok: false },
      { label: 'outro site', value: 'https://evil.example/', ok: false },
      { label: 'barra invertida', value: '/\\evil.example', ok: false },
      { label: 'espaço', value: '/com espaço', ok: false },
      { label: 'acentos crus', value: '/página', ok: false },
      { label: 'NUL', value: '/a\u0000b', ok: false },
      { label: 'RTL', value: '/a\u202Eb', ok: false },
      { label: 'vazio', value: '', ok: false },
      { label: 'enorme', value: `/${'x'.repeat(100_000)}`, ok: false },
    ];
    for (const { label, value, ok } of sources) {
      await run(`source: ${label}`, { email: uniqueEmail('origem'), source: value }, ok ? 'accept' : 'refuse');
    }
    for (const wrong of WRONG_TYPES)
      await run(`source: tipo errado ${wrong.label}`, { email: uniqueEmail('origem'), source: wrong.value }, 'refuse');
    for (const website of ['http://spam.example', 'x', 1, true, ['x']]) {
      await run(`honeypot ${JSON.stringify(website)}`, { email: uniqueEmail('robo'), source: '/', website }, 'refuse');
    }
    await run(
      'consentimento forjado',
      { email: uniqueEmail('data'), source: '/', consented_at: '2001-01-01 00:00:00.000Z' },
      'accept',
    );
    report('newsletter', cases, problems);
  }, 120_000);

  test('sign-up (users create)', async () => {
    const problems: string[] = [];
    let cases = 0;
    const path = '/api/collections/users/records';
    const password = 'Senha-Forte-123';
    const valid = () => ({ email: uniqueEmail('cadastro'), password, passwordConfirm: password, full_name: 'Pessoa Cadastrada' });
    const run = async (
      label: string,
      body: Record<string, unknown>,
      expected?: { verdict: Verdict | 'invalid'; name?: string },
    ) => {
      cases++;
      const answer = await send('POST', path, { json: body });
      if (refusedAsTooLarge(`cadastro ${label}`, body, answer, problems)) return;
      const error = checkAnswer(`cadastro ${label}`, answer, problems, [200, 400]);
      if (!expected) return;
      if (expected.verdict === 'refuse' || expected.verdict === 'invalid') {
        if (answer.status === 200) problems.push(`[seed ${SEED}] cadastro ${label}: aceito`);
        else if (expected.verdict === 'refuse' && expected.name !== undefined) {
          expectFieldMessage(
            `cadastro ${label}`,
            error,
            'full_name',
            CONTROL_CHARACTERS.test(expected.name.trim()) ? MESSAGES.control : MESSAGES.lineBreak,
            problems,
          );
        }
        return;
      }
      if (answer.status !== 200) return problems.push(`[seed ${SEED}] cadastro ${label}: recusado ${answer.text.slice(0, 200)}`);
      const record = answer.json as Record<string, unknown>;
      if (expected.name !== undefined) {
        // "Secure input" (pb_hooks/lib/auth/accounts.js): < and > removed, trimmed, cut at 100 characters.
        let name = [...expectedStored(expected.name).replace(/[<>]/g, '').trim()].slice(0, 100).join('').trim();
        if (INVISIBLE.test(name)) name = '';
        if (record.full_name !== name)
          problems.push(`[seed ${SEED}] cadastro ${label}: nome gravado ${JSON.stringify(record.full_name).slice(0, 80)}`);
      }
    };

    // Every sign-up hashes its password (slow on purpose): samples keep this short; the
    // e-mail rule is the contact form's and the newsletter's, fuzzed in full above.
    for (const hostile of fuzz.sample(ALL_STRINGS, 12)) {
      await run(
        `full_name: ${hostile.label}`,
        { ...valid(), full_name: hostile.value },
        {
          verdict: textVerdict(hostile.value, { markup: 'strip' }),
          name: hostile.value,
        },
      );
    }
    for (const size of oversized(100))
      await run(`full_name: ${size.label}`, { ...valid(), full_name: size.value }, { verdict: 'accept', name: size.value });
    for (const wrong of fuzz.sample(WRONG_TYPES, 2))
      await run(`full_name: tipo errado ${wrong.label}`, { ...valid(), full_name: wrong.value });
    const emails = [
      ...fuzz.sample(
        HOSTILE_EMAILS.filter((email) => !email.ok),
        10,
      ),
      ...fuzz.sample(
        HOSTILE_EMAILS.filter((email) => email.ok),
        2,
      ),
    ];
    for (const { label, value, ok } of emails) {
      const email = ok ? value.replace('@', `+${++caseNumber}@`).replace(/^(.{64})[^@]*@/, '$1@') : value;
      await run(`email: ${label}`, { ...valid(), email }, { verdict: ok ? 'accept' : 'invalid' });
    }
    for (const wrong of fuzz.sample(WRONG_TYPES, 2))
      await run(`email: tipo errado ${wrong.label}`, { ...valid(), email: wrong.value }, { verdict: 'invalid' });
    const passwords: { label: string; value: unknown; ok: boolean }[] = [
      { label: 'curta', value: 'Ab1', ok: false },
      { label: 'sem número', value: 'SenhaSemNumero', ok: false },
      { label: 'só números', value: '12345678901', ok: false },
      { label: 'emoji forte', value: 'Senha🔒Forte1', ok: true },
      { label: 'SQL', value: "' OR 1=1 --Aa1", ok: true },
      { label: '72 bytes', value: `Aa1${'x'.repeat(69)}`, ok: false },
      { label: '1 MB', value: `Aa1${'x'.repeat(1_000_000)}`, ok: false },
      { label: 'NUL', value: 'Senha\u0000Forte1', ok: true },
      { label: 'número', value: 12345678, ok: false },
      { label: 'lista', value: ['Senha-Forte-123'], ok: false },
      { label: 'objeto', value: { $ne: '' }, ok: false },
      { label: 'nulo', value: null, ok: false },
    ];
    for (const { label, value, ok } of passwords) {
      await run(
        `password: ${label}`,
        { ...valid(), password: value, passwordConfirm: value },
        { verdict: ok ? 'accept' : 'invalid' },
      );
    }
    await run('confirmação diferente', { ...valid(), passwordConfirm: 'Outra-Senha-123' }, { verdict: 'invalid' });
    // What only an admin may choose, and what nobody chooses.
    for (const extra of [
      { role: 'admin' },
      { is_active: true },
      { verified: true },
      { role: ['admin'] },
      { is_active: 'true' },
    ]) {
      await run(`extra ${JSON.stringify(extra)}`, { ...valid(), ...extra }, { verdict: 'invalid' });
    }
    for (const extra of [
      { tokenKey: 'x'.repeat(50) },
      { emailVisibility: 'sim' },
      { created: '2001-01-01' },
      { id: 'abcdefghijklmno' },
    ]) {
      await run(`extra ${JSON.stringify(extra)}`, { ...valid(), ...extra });
    }
    report('cadastro', cases, problems);
  }, 300_000);

  /**
   * What only the server sets, sent under other spellings of its keys: records
   * take their fields by exact name, so `ROLE` or `Confirmed_At` is no field and is dropped.
   * Each public create goes with each of caseVariants' spellings (JSON), as multipart
   * fields (each word capitalised: `Is_Active`) and in multipart's `@jsonPayload` (upper
   * case): it is stored, with the server's values. Comments: 5 per address in 10 minutes,
   * so five sendings.
   */
  test('server-only fields under other spellings of their keys are never stored', async () => {
    const problems: string[] = [];
    let cases = 0;
    const PAST = '2001-01-01 00:00:00.000Z';
    const FUTURE = '2099-01-01 00:00:00.000Z';
    const password = 'Senha-Forte-123';
    const stored = async (collection: string, id: string) =>
      (await asSuperuser(`/api/collections/${collection}/records/${id}`)).json as Record<string, unknown>;
    const forms: {
      collection: string;
      /** What a visitor sends (exact keys). */
      visitor: () => Record<string, unknown>;
      /** Server-only fields and forged values, sent respelled. */
      forged: Record<string, unknown>;
      /** Values the server gives every such record. */
      server: Record<string, unknown>;
      status: number;
      /** The stored record, found from the answer or what was sent. */
      find: (answer: Answer, sent: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>;
    }[] = [
      {
        collection: 'contact_messages',
        visitor: () => ({ ...contactMessage(), email: uniqueEmail('grafia-contato') }),
        forged: { read: true, created: PAST, updated: PAST },
        server: { read: false },
        status: 200,
        find: (answer) => stored('contact_messages', (answer.json as { id: string }).id),
      },
      {
        collection: 'newsletter_subscribers',
        visitor: () => ({ email: uniqueEmail('grafia-newsletter'), source: '/blog' }),
        forged: {
          status: 'confirmed',
          consented_at: PAST,
          confirm_sent_at: FUTURE,
          confirm_expires: FUTURE,
          confirmed_at: PAST,
          confirmed_ip: '203.0.113.66',
          unsubscribed_at: PAST,
          unsubscribe_token: 'token-forjado-pelo-visitante-0123456789',
          confirm_token_hash: 'hash-forjado-pelo-visitante',
        },
        server: { status: 'pending', confirmed_at: '', confirmed_ip: '', unsubscribed_at: '' },
        status: 204,
        find: async (_answer, sent) => {
          const filter = encodeURIComponent(`email = "${String(sent.email)}"`);
          const list = (await asSuperuser(`/api/collections/newsletter_subscribers/records?filter=${filter}`)).json;
          return (list as { items?: Record<string, unknown>[] }).items?.[0];
        },
      },
      {
        collection: 'users',
        visitor: () => ({
          email: uniqueEmail('grafia-cadastro'),
          password,
          passwordConfirm: password,
          full_name: 'Pessoa Grafia',
        }),
        forged: { role: 'admin', is_active: true, verified: true, two_step: true },
        server: { role: 'author', is_active: false, verified: false, two_step: false },
        status: 200,
        find: (answer) => stored('users', (answer.json as { id: string }).id),
      },
      {
        collection: 'comments',
        visitor: () => ({
          article: FUNCAO_MAP.slug,
          name: 'Leitora Grafia',
          email: uniqueEmail('grafia-comentario'),
          body: 'Uma pergunta sobre a função map.',
          consent: true,
        }),
        forged: { status: 'approved', article_title: 'Título forjado', created: PAST, updated: PAST },
        server: { status: 'pending' },
        status: 200,
        find: (answer) => stored('comments', (answer.json as { id: string }).id),
      },
    ];
    const capitalisedWords = (key: string) =>
      key.replace(/(^|_)([a-z])/g, (_, start: string, letter: string) => start + letter.toUpperCase());
    for (const form of forms) {
      const most = Math.max(...Object.keys(form.forged).map((key) => caseVariants(key).length));
      const ways: { label: string; sent: Record<string, unknown>; send: (sent: Record<string, unknown>) => Sending }[] = [];
      for (let i = 0; i < most; i++) {
        const spell = (key: string) => caseVariants(key)[Math.min(i, caseVariants(key).length - 1)]!;
        ways.push({
          label: `JSON ${Object.keys(form.forged).map(spell).join(',')}`,
          sent: respelled(form.forged, spell),
          send: (sent) => ({ json: sent }),
        });
      }
      ways.push({
        label: `multipart ${Object.keys(form.forged).map(capitalisedWords).join(',')}`,
        sent: respelled(form.forged, capitalisedWords),
        send: (sent) => {
          const fields = new FormData();
          for (const [key, value] of Object.entries(sent)) fields.append(key, String(value));
          return { body: fields };
        },
      });
      ways.push({
        label: `@jsonPayload ${Object.keys(form.forged)
          .map((key) => key.toUpperCase())
          .join(',')}`,
        sent: respelled(form.forged, (key) => key.toUpperCase()),
        send: (sent) => jsonPayload(sent),
      });
      for (const way of ways) {
        cases++;
        const label = `${form.collection} ${way.label}`;
        const visitor = form.visitor();
        const answer = await send('POST', `/api/collections/${form.collection}/records`, way.send({ ...visitor, ...way.sent }));
        checkAnswer(label, answer, problems, [form.status]);
        if (answer.status !== form.status) continue;
        const record = await form.find(answer, visitor);
        if (!record) {
          problems.push(`[seed ${SEED}] ${label}: HTTP ${answer.status}, mas nada gravado`);
          continue;
        }
        for (const [field, value] of Object.entries(form.server)) {
          if (record[field] !== value)
            problems.push(
              `[seed ${SEED}] ${label}: ${field} gravado ${JSON.stringify(record[field])}, esperado ${JSON.stringify(value)}`,
            );
        }
        for (const [field, value] of Object.entries(form.forged)) {
          if (record[field] === value)
            problems.push(`[seed ${SEED}] ${label}: ${field} forjado foi gravado (${JSON.stringify(value)})`);
        }
      }
    }
    report('campos do servidor com outra grafia', cases, problems);
  }, 120_000);

  test('auth actions (sign-in, recovery, verification, e-mail change, OTP, OAuth2, superusers)', async () => {
    const problems: string[] = [];
    let cases = 0;
    const strings = fuzz.sample(ALL_STRINGS, 14).map((hostile) => hostile.value);
    const values: unknown[] = [...strings, ...WRONG_TYPES.map((wrong) => wrong.value), 'x'.repeat(100_000), undefined];
    // Each body goes as written and with its keys spelled otherwise (`respelledWays`): the
    // limits count a respelled value again, so the reset limits (pb_hooks/lib/auth/throttle.js: 10 an hour
    // per address) and the sign-in throttle (5 failures per typed identity, the blank ones
    // alike) may answer 429 where the value alone would not.
    const actions: { path: string; body: (value: unknown) => Record<string, unknown>; allowed: number[] }[] = [
      { path: 'users/auth-with-password', body: (v) => ({ identity: v, password: 'Senha-Forte-123' }), allowed: [400, 429] },
      { path: 'users/auth-with-password', body: (v) => ({ identity: 'admin@exemplo.com.br', password: v }), allowed: [400, 429] },
      { path: 'users/request-password-reset', body: (v) => ({ email: v }), allowed: [204, 400, 429] },
      {
        path: 'users/confirm-password-reset',
        body: (v) => ({ token: v, password: 'Nova-Senha-123', passwordConfirm: 'Nova-Senha-123' }),
        allowed: [400],
      },
      { path: 'users/request-verification', body: (v) => ({ email: v }), allowed: [204, 400] },
      { path: 'users/confirm-verification', body: (v) => ({ token: v }), allowed: [400] },
      { path: 'users/confirm-email-change', body: (v) => ({ token: v, password: v }), allowed: [400] },
      { path: 'users/request-email-change', body: (v) => ({ newEmail: v }), allowed: [401] },
      { path: 'users/auth-refresh', body: () => ({}), allowed: [401] },
      { path: 'users/request-otp', body: (v) => ({ email: v }), allowed: [400, 403] },
      { path: 'users/auth-with-otp', body: (v) => ({ otpId: v, password: v }), allowed: [400, 403] },
      {
        path: 'users/auth-with-oauth2',
        body: (v) => ({ provider: v, code: v, codeVerifier: v, redirectURL: v }),
        allowed: [400, 403],
      },
      { path: '_superusers/auth-with-password', body: (v) => ({ identity: v, password: v }), allowed: [400, 429] },
      { path: '_superusers/request-password-reset', body: (v) => ({ email: v }), allowed: [204, 400, 429] },
      { path: `users/impersonate/${seeded.publishedPost}`, body: (v) => ({ duration: v }), allowed: [401, 403, 404] },
    ];
    // First (while the address's reset limit has room), well-formed values sent only under
    // other spellings, counted below: the guards saw them, not only PocketBase's handlers.
    for (const probe of GUARD_PROBES) {
      cases++;
      const answer = await send('POST', `/api/collections/${probe.path}`, probe.send);
      checkAnswer(`${probe.path} ${probe.label}`, answer, problems, [probe.status]);
    }
    for (const action of actions) {
      for (const value of values) {
        const body = action.body(value);
        for (const way of [{ label: 'JSON', send: { json: body } }, ...respelledWays(body)]) {
          cases++;
          const answer = await send('POST', `/api/collections/${action.path}`, way.send);
          checkAnswer(`${action.path} ${way.label} ${JSON.stringify(value)?.slice(0, 40)}`, answer, problems, action.allowed);
        }
      }
    }
    for (const query of ['', `?x=${encodeURIComponent(MARKUP[0]!.value)}`, '?fields=id,*']) {
      cases++;
      checkAnswer(
        `auth-methods ${query}`,
        await send('GET', `/api/collections/users/auth-methods${query}`),
        problems,
        [200, 400],
      );
    }
    // Nobody signed in: the hostile values above never opened a session.
    const attempts = await listAll('login_attempts');
    for (const attempt of attempts) {
      if (characters(String(attempt.identity)) > 255)
        problems.push(`login_attempts ${attempt.id}: identidade com mais de 255 caracteres`);
    }
    // Each probe was counted by its guard, as its exact key is.
    const expected = new Map<string, number>();
    for (const probe of GUARD_PROBES) expected.set(probe.counted, (expected.get(probe.counted) ?? 0) + 1);
    for (const [key, count] of expected) {
      const counted = attempts.filter((attempt) => attempt.identity === key).length;
      if (counted !== count)
        problems.push(`login_attempts: ${counted} sob ${key}, esperado ${count} (outra grafia da chave escapou)`);
    }
    report('autenticação', cases, problems);
  }, 300_000);

  test('routes of our hooks and PocketBase admin routes refuse anonymous callers', async () => {
    const problems: string[] = [];
    let cases = 0;
    const tokens = [
      '',
      'Bearer x',
      'null',
      MARKUP[0]!.value,
      "' OR 1=1 --",
      'eyJhbGciOiJub25lIn0.eyJpZCI6IngifQ.',
      'x'.repeat(8000),
    ];
    const names = [
      'backup.zip',
      '../../pb_data/data.db',
      '..%2F..%2Fdata.db',
      '%00',
      "' OR 1=1 --",
      'x'.repeat(2000),
      '<script>',
    ];
    const routes: { method: string; path: string; allowed: number[] }[] = [
      { method: 'GET', path: '/api/admin/stats', allowed: [401] },
      { method: 'GET', path: '/api/admin/backups/status', allowed: [401] },
      { method: 'GET', path: '/api/admin/rest/backups?sort=%5B%22name%22%2C%22ASC%22%5D&range=%5B0%2C24%5D', allowed: [401] },
      { method: 'GET', path: '/api/admin/rest/backups?filter=%7B%22q%22%3A', allowed: [401] },
      { method: 'POST', path: '/api/admin/rest/backups', allowed: [401] },
      { method: 'GET', path: '/api/admin/rest/site-builds?sort=%5B%22senha%22%5D', allowed: [401] },
      { method: 'POST', path: '/api/admin/rest/site-builds', allowed: [401] },
      ...names.flatMap((name) => [
        { method: 'GET', path: `/api/admin/backups/${encodeURIComponent(name)}`, allowed: [401, 404] },
        { method: 'GET', path: `/api/admin/rest/backups/${encodeURIComponent(name)}`, allowed: [401, 404] },
        { method: 'PUT', path: `/api/admin/rest/backups/${encodeURIComponent(name)}`, allowed: [401, 404] },
        { method: 'DELETE', path: `/api/admin/rest/backups/${encodeURIComponent(name)}`, allowed: [401, 404] },
        { method: 'GET', path: `/api/admin/rest/site-builds/${encodeURIComponent(name)}`, allowed: [401, 404] },
      ]),
      { method: 'POST', path: '/api/site/jobs/publish-scheduled', allowed: [401] },
      { method: 'GET', path: '/api/collections', allowed: [401, 403] },
      { method: 'POST', path: '/api/collections', allowed: [401, 403] },
      { method: 'GET', path: '/api/settings', allowed: [401, 403] },
      { method: 'PATCH', path: '/api/settings', allowed: [401, 403] },
      { method: 'GET', path: '/api/backups', allowed: [401, 403] },
      { method: 'GET', path: '/api/logs', allowed: [401, 403] },
      { method: 'GET', path: '/api/crons', allowed: [401, 403] },
      { method: 'POST', path: '/api/batch', allowed: [400, 401, 403] },
      { method: 'POST', path: '/api/files/token', allowed: [401] },
      { method: 'POST', path: '/api/realtime', allowed: [400, 404] },
    ];
    for (const route of routes) {
      for (const token of fuzz.sample(tokens, 3)) {
        cases++;
        const body = fuzz.pick([
          {},
          { clientId: MARKUP[0]!.value, subscriptions: ['*', '../'] },
          { requests: [{ method: 'DELETE', url: '/api/collections/posts/records/x' }] },
        ]);
        const headers = token ? { Authorization: token } : undefined;
        const answer = await send(route.method, route.path, route.method === 'GET' ? { headers } : { json: body, headers });
        checkAnswer(`${route.method} ${route.path.slice(0, 80)} (token ${token.slice(0, 20)})`, answer, problems, route.allowed);
      }
    }
    // The publisher's report needs its secret, whatever else comes along.
    const secrets = [undefined, '', 'segredo', MARKUP[0]!.value, "' OR 1=1 --", 'x'.repeat(8000), 'null'];
    const reports = [
      { id: 'b1', state: 'success' },
      { id: MARKUP[0]!.value, state: 'failed', log: 'x'.repeat(300_000) },
      [],
      null,
      'texto',
    ];
    for (const secret of secrets) {
      for (const body of reports) {
        cases++;
        const headers = secret === undefined ? undefined : { 'X-Publish-Secret': secret };
        const answer = await send('POST', '/api/site/builds/report', { json: body, headers });
        const error = checkAnswer(`builds/report segredo ${JSON.stringify(secret)?.slice(0, 20)}`, answer, problems, [403]);
        if (error && error.message !== 'Segredo inválido.') problems.push(`builds/report: mensagem ${error.message}`);
      }
    }
    report('rotas restritas', cases, problems);
  }, 120_000);

  test('staff-only collections refuse anonymous writes of any shape', async () => {
    const problems: string[] = [];
    let cases = 0;
    const bodies = [
      { title: 'Invasão', category: 'Técnico', status: 'published', slug: 'invasao' },
      { name: 'Invasão', slug: 'invasao', status: 'published', is_homepage: true },
      { key: 'site_title', value: MARKUP[0]!.value },
      { action: 'DELETE', table_name: 'users', record_id: 'x' },
      { build_id: 'x', state: 'success', mode: 'local' },
      { identity: 'x' },
      ...fuzz.sample(WRONG_TYPES, 4).map((wrong) => ({ title: wrong.value, key: wrong.value })),
    ];
    const targets = ['posts', 'pages', 'media', 'public_site_settings', 'audit_logs', 'site_builds', 'login_attempts'];
    const ids: Record<string, string> = {
      posts: seeded.publishedPost,
      pages: seeded.publishedPage,
      public_site_settings: seeded.smtpSetting,
      media: seeded.media,
    };
    for (const collection of targets) {
      for (const body of bodies) {
        cases += 3;
        const base = `/api/collections/${collection}/records`;
        const id = ids[collection] ?? 'abcdefghijklmno';
        checkAnswer(`POST ${collection}`, await send('POST', base, { json: body }), problems, [400, 403]);
        checkAnswer(`PATCH ${collection}`, await send('PATCH', `${base}/${id}`, { json: body }), problems, [403, 404]);
        checkAnswer(`DELETE ${collection}`, await send('DELETE', `${base}/${id}`), problems, [403, 404]);
      }
    }
    report('coleções da equipe', cases, problems);
  }, 120_000);

  test('malformed bodies, wrong content types and oversized requests', async () => {
    const problems: string[] = [];
    let cases = 0;
    const targets = [
      '/api/collections/contact_messages/records',
      '/api/collections/newsletter_subscribers/records',
      '/api/collections/users/records',
      '/api/collections/users/auth-with-password',
      '/api/collections/users/request-password-reset',
      '/api/site/builds/report',
    ];
    const contact = JSON.stringify({ ...contactMessage(), email: 'corpo@exemplo.com.br' });
    const raw: { label: string; body: BodyInit; type?: string }[] = [
      { label: 'JSON truncado', body: contact.slice(0, 40), type: 'application/json' },
      { label: 'JSON com vírgula sobrando', body: '{"email":"a@exemplo.com",}', type: 'application/json' },
      { label: 'JSON com comentário', body: '{/* x */"email":"a@exemplo.com"}', type: 'application/json' },
      { label: 'JSON de um número', body: '42', type: 'application/json' },
      { label: 'JSON de uma lista', body: '[1,2,3]', type: 'application/json' },
      { label: 'JSON null', body: 'null', type: 'application/json' },
      { label: 'JSON de texto', body: '"texto"', type: 'application/json' },
      { label: 'chaves duplicadas', body: '{"email":"a@exemplo.com","email":{"$ne":1}}', type: 'application/json' },
      { label: 'aninhamento profundo', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, type: 'application/json' },
      {
        label: 'UTF-8 inválido',
        body: Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0xff, 0xfe, 0x22, 0x7d]),
        type: 'application/json',
      },
      { label: 'BOM antes do JSON', body: `\uFEFF${contact}`, type: 'application/json' },
      { label: 'vazio', body: '', type: 'application/json' },
      {
        label: 'XML',
        body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
        type: 'application/xml',
      },
      { label: 'texto puro', body: contact, type: 'text/plain' },
      { label: 'HTML', body: '<html><script>alert(1)</script></html>', type: 'text/html' },
      { label: 'formulário', body: 'email=%3Cscript%3E&source=%2F&name=%00', type: 'application/x-www-form-urlencoded' },
      {
        label: 'multipart sem fronteira',
        body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--',
        type: 'multipart/form-data',
      },
      {
        label: 'multipart quebrado',
        body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na',
        type: 'multipart/form-data; boundary=x',
      },
      { label: 'tipo inventado', body: contact, type: 'application/x-qualquer; charset=ebcdic' },
      {
        label: 'JSON de 1 MB num campo',
        body: JSON.stringify({ ...contactMessage(), message: 'x'.repeat(1_000_000) }),
        type: 'application/json',
      },
    ];
    for (const target of targets) {
      for (const { label, body, type } of raw) {
        cases++;
        const answer = await send('POST', target, { body, type });
        const oversized = PUBLIC_CREATES.includes(target) && Buffer.byteLength(body as string) > PUBLIC_BODY_LIMIT;
        // A public form the browser sends itself: refused on a pt-BR page, not in JSON (pb_hooks/lib/forms/public-forms.js).
        if (label === 'formulário' && /\/(contact_messages|newsletter_subscribers|comments)\/records$/.test(target)) {
          const location = answer.headers.get('location');
          if (answer.status !== 303 || location !== '/formularios/revisar') {
            problems.push(
              `[seed ${SEED}] ${target} ${label}: HTTP ${answer.status} para ${location} (esperado 303 para /formularios/revisar)`,
            );
          }
          continue;
        }
        const allowed = oversized
          ? [413]
          : target.endsWith('request-password-reset')
            ? [204, 400]
            : target.endsWith('report')
              ? [403]
              : [400];
        checkAnswer(`${target} ${label}`, answer, problems, allowed);
      }
    }
    // Far beyond the body limit (32 MB plus the collection's fields): refused before it is read.
    for (const target of targets.slice(0, 3)) {
      cases++;
      const huge = Buffer.alloc(40 * 1024 * 1024, 0x61);
      let answer: Answer | null = null;
      try {
        answer = await send('POST', target, { body: huge, type: 'application/json' });
      } catch (error) {
        // The server may close the connection after answering 413, before the upload ends.
        problems.push(`${target} 40 MB: a conexão caiu sem resposta (${(error as Error).message})`);
      }
      if (answer) checkAnswer(`${target} 40 MB`, answer, problems, [413]);
    }
    report('corpos malformados', cases, problems);
  }, 180_000);
});

// ---------------------------------------------------------------------------
// Read endpoints

const FILTERS = [
  '1=1',
  "id != ''",
  "' OR 1=1 --",
  '") || (1=1',
  'status = "draft" || status != "draft"',
  '@request.auth.id = ""',
  '@request.auth.role = "admin"',
  '@collection.users.email ~ "admin"',
  'author.email ~ "admin"',
  'author.password != ""',
  'author.tokenKey != ""',
  '@request.headers.x_token = ""',
  'key ~ "smtp%"',
  'value ~ "segredo"',
  'title:lower ~ "%"',
  'created > @now || created <= @now',
  `${'('.repeat(3000)}1=1${')'.repeat(3000)}`,
  `title ~ "${'a'.repeat(100_000)}"`,
  Array.from({ length: 500 }, (_, i) => `id = "${i}"`).join(' || '),
  'title ~ "\u0000"',
  'title ~ "\uD800"',
  '💥 = 1',
  '',
];
const SORTS = [
  '-created,@random',
  'author.email',
  'password',
  'tokenKey',
  '(select 1)',
  '-'.repeat(1000),
  'title;DROP TABLE posts',
  '@rowid',
  '',
];
const EXPANDS = [
  'author',
  'author.author.author.author.author.author',
  'uploaded_by',
  'user',
  '*',
  'author,author,author',
  'a'.repeat(5000),
  '',
];
const FIELDS = [
  '*:excerpt(-1)',
  '*:excerpt(0,true)',
  '*:unknown',
  'title:excerpt(5',
  '*:excerpt(1,2,3)',
  '*:excerpt(abc)',
  '*:excerpt(20,true)',
  'expand.author.email,expand.author.tokenKey',
  'password,tokenKey,email',
  ','.repeat(20_000),
  'id,title',
  '',
];
const PAGES = ['-1', '0', '1e400', 'abc', '999999999', '1', ''];
const PER_PAGES = ['-1', '0', '100000', '1.5', 'NaN', ''];

describe('read endpoints with hostile query strings never leak or fail', () => {
  const HIDDEN = ['users', 'contact_messages', 'newsletter_subscribers', 'audit_logs', 'site_builds', 'login_attempts', 'media'];
  const PUBLIC = ['posts', 'pages', 'public_site_settings'];

  /** What an anonymous answer must never contain, whatever the query. */
  function checkNoLeak(label: string, collection: string, answer: Answer, problems: string[]) {
    if (answer.text.includes(SMTP_SECRET_HOST)) problems.push(`${label}: vazou o servidor SMTP`);
    if (/"(tokenKey|password|passwordHash)"/.test(answer.text)) problems.push(`${label}: vazou um campo secreto`);
    if (answer.status !== 200 || !answer.json) return;
    const body = answer.json as { items?: Record<string, unknown>[] } & Record<string, unknown>;
    const items = body.items ?? [body];
    if (HIDDEN.includes(collection) && body.items && items.length > 0)
      problems.push(`${label}: lista oculta devolveu ${items.length}`);
    for (const item of items) {
      if (item.expand && Object.keys(item.expand as object).length > 0)
        problems.push(`${label}: expand revelou ${Object.keys(item.expand as object)}`);
      if (collection === 'posts' && item.status !== undefined && item.status !== 'published')
        problems.push(`${label}: post ${item.status}`);
      if (collection === 'posts' && item.id === seeded.draftPost) problems.push(`${label}: rascunho visível`);
      if (collection === 'pages' && (item.id === seeded.draftPage || (item.status !== undefined && item.status !== 'published')))
        problems.push(`${label}: página rascunho visível`);
      if (collection === 'public_site_settings' && String(item.key ?? '').startsWith('smtp'))
        problems.push(`${label}: configuração ${item.key} visível`);
    }
  }

  test('list and view', async () => {
    const problems: string[] = [];
    let cases = 0;
    const query = (params: Record<string, string>) =>
      new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString();
    for (const collection of [...PUBLIC, ...HIDDEN]) {
      const base = `/api/collections/${collection}/records`;
      const lists: Record<string, string>[] = [
        ...FILTERS.map((filter) => ({ filter })),
        ...SORTS.map((sort) => ({ sort })),
        ...EXPANDS.map((expand) => ({ expand })),
        ...FIELDS.map((fields) => ({ fields })),
        ...PAGES.map((page) => ({ page, perPage: fuzz.pick(PER_PAGES) })),
        { skipTotal: 'talvez' },
      ];
      for (let i = 0; i < 25; i++) {
        lists.push({
          filter: fuzz.pick(FILTERS),
          sort: fuzz.pick(SORTS),
          expand: fuzz.pick(EXPANDS),
          fields: fuzz.pick(FIELDS),
          page: fuzz.pick(PAGES),
          perPage: fuzz.pick(PER_PAGES),
        });
      }
      for (const params of lists) {
        cases++;
        const label = `GET ${collection}?${query(params).slice(0, 100)}`;
        const answer = await send('GET', `${base}?${query(params)}`);
        const allowed = collection === 'login_attempts' ? [400, 403] : [200, 400, 403];
        const error = checkAnswer(label, answer, problems, allowed);
        // A malformed `fields` alone: our hook's pt-BR answer (with other bad parameters, PocketBase's may come first).
        const onlyFields = Object.keys(params).length === 1 && params.fields !== undefined;
        if (onlyFields && /excerpt\((-|0|abc|1,2)|unknown|excerpt\(5$/.test(params.fields!) && answer.status !== 403) {
          if (error?.message !== MESSAGES.fields)
            problems.push(`${label}: esperado 400 "${MESSAGES.fields}", veio ${answer.status} ${answer.text.slice(0, 100)}`);
        }
        checkNoLeak(label, collection, answer, problems);
      }
      const ids = [
        seeded.draftPost,
        seeded.draftPage,
        seeded.smtpSetting,
        seeded.publishedPost,
        seeded.media,
        '../../../etc/passwd',
        "' OR 1=1 --",
        '%00',
        'x'.repeat(5000),
        '<script>',
        '*',
      ];
      for (const id of ids) {
        for (const params of [{}, { expand: 'author,uploaded_by,user' }, { fields: fuzz.pick(FIELDS) }] as Record<
          string,
          string
        >[]) {
          cases++;
          const label = `GET ${collection}/${id.slice(0, 30)}?${query(params)}`;
          const answer = await send('GET', `${base}/${encodeURIComponent(id)}?${query(params)}`);
          checkAnswer(label, answer, problems, [200, 400, 403, 404]);
          checkNoLeak(label, collection, answer, problems);
        }
      }
    }
    report('leituras', cases, problems);
  }, 300_000);

  test('files, health and site paths', async () => {
    const problems: string[] = [];
    let cases = 0;
    const media = (await asSuperuser(`/api/collections/media/records/${seeded.media}`)).json as { file: string };
    const paths = [
      `/api/files/media/${seeded.media}/${media.file}`,
      `/api/files/media/${seeded.media}/${media.file}?thumb=${encodeURIComponent('99999x99999')}`,
      `/api/files/media/${seeded.media}/${media.file}?thumb=0x0&download=${encodeURIComponent('<script>')}`,
      `/api/files/media/${seeded.media}/..%2F..%2F..%2Fdata.db`,
      `/api/files/media/${seeded.media}/%00`,
      `/api/files/media/..%2F..%2Fdata.db/x`,
      `/api/files/users/x/y`,
      `/api/files/contact_messages/${'x'.repeat(3000)}/y`,
      `/api/files/${encodeURIComponent("' OR 1=1 --")}/x/y`,
      '/api/health',
      `/api/health?x=${encodeURIComponent("' OR 1=1 --")}`,
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/admin/..%2f..%2f..%2fetc%2fpasswd',
      '/legacy-admin/%0d%0aSet-Cookie:%20x=1',
      '/legacy-admin//evil.example',
      '/legacy-admin/%2F%2Fevil.example',
      '/legacy-admin/\\evil.example',
      `/${'a'.repeat(5000)}`,
      '/%00',
      '/%ff%fe',
      '/<script>alert(1)</script>',
      '/api/nao-existe',
    ];
    for (const path of paths) {
      cases++;
      const answer = await send('GET', path);
      const json = path.startsWith('/api/files/') ? 'errors' : path.startsWith('/api/') ? 'all' : 'none';
      checkAnswer(`GET ${path.slice(0, 80)}`, answer, problems, [200, 204, 301, 302, 303, 307, 308, 400, 404], { json });
      if (/root:x:0:0|SQLite format/.test(answer.text)) problems.push(`GET ${path}: devolveu um arquivo do servidor`);
      const location = answer.headers.get('location');
      if (location && !/^\/(?![/\\])/.test(location)) problems.push(`GET ${path}: redireciona para fora: ${location}`);
      if (answer.headers.get('set-cookie')) problems.push(`GET ${path}: cabeçalho injetado (Set-Cookie)`);
    }
    report('arquivos e caminhos', cases, problems);
  }, 120_000);
});

// ---------------------------------------------------------------------------

describe('after the run', () => {
  test('every stored record passes the same rules, and staff-only collections are untouched', async () => {
    const problems: string[] = [];
    const contacts = await listAll('contact_messages');
    for (const record of contacts) {
      checkContact(record, problems);
      for (const field of ['name', 'email', 'phone', 'company', 'message'])
        checkCsv(`contact_messages ${record.id}.${field}`, record[field], problems);
    }
    const subscribers = await listAll('newsletter_subscribers');
    for (const record of subscribers) {
      checkSubscriber(record, problems);
      checkCsv(`newsletter_subscribers ${record.id}.email`, record.email, problems);
    }
    const staffEmails = [s.admin, s.editor, s.author, s.otherAuthor, s.inactive].map((member) => member.email);
    const users = (await listAll('users')).filter((user) => !staffEmails.includes(user.email as string));
    for (const record of users) checkSignUp(record, problems);
    // Visitors' comments wait for moderation, whatever they sent.
    const comments = await listAll('comments');
    for (const record of comments) {
      if (record.status !== 'pending') problems.push(`comments ${record.id}: chegou como ${JSON.stringify(record.status)}`);
    }
    for (const [collection, count] of Object.entries(before)) {
      const now = (await listAll(collection)).length;
      // Sign-ups and comments are audited (one INSERT row each); nothing else may change.
      const expected = collection === 'audit_logs' ? count + users.length + comments.length : count;
      if (now !== expected) problems.push(`${collection}: ${now} registros, esperado ${expected}`);
    }
    const settings = await listAll('public_site_settings');
    if (settings.some((row) => MARKUP_PATTERN.test(String(row.value)))) problems.push('public_site_settings: marcação gravada');
    console.log(
      `[fuzz] seed=${SEED} gravados: ${contacts.length} mensagens, ${subscribers.length} inscritos, ${users.length} cadastros`,
    );
    expect(contacts.length, 'o contato aceitou textos legítimos').toBeGreaterThan(20);
    expect(subscribers.length, 'a newsletter aceitou endereços legítimos').toBeGreaterThan(5);
    expect(users.length, 'o cadastro aceitou nomes legítimos').toBeGreaterThan(10);
    report('registros gravados', contacts.length + subscribers.length + users.length, problems);
  }, 120_000);

  /**
   * PocketBase's router replaces the request body with its own wrapper and closes the
   * original when the handler returns, which hides an unread body from net/http. After
   * an answer that did not read a large body (a 401, 403, 404 or 413), the rest of the
   * body would be parsed as the next request on the same connection, and behind a proxy
   * that reuses connections its answer could reach another visitor. server/site closes
   * such connections after the answer (server/site/site.go).
   */
  test('a large body the server did not read is never run as a second request (request smuggling)', async () => {
    const smuggled = 'GET /api/collections/posts/records?perPage=7 HTTP/1.1\r\nHost: x\r\n\r\n';
    const body = smuggled + ' '.repeat(300 * 1024);
    const answers = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk));
      // The server answers and closes while the body is still arriving: the rest of
      // our write is refused (reset), after the answer reached us.
      socket.on('error', (error) => (received ? resolve(received) : reject(error)));
      socket.on('close', () => resolve(received));
      socket.end(
        `POST /api/site/builds/report HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
    expect(answers).toContain('Segredo inválido.');
    expect(answers, 'a requisição escondida no corpo foi executada').not.toContain('"perPage":7');
  }, 60_000);

  test('the per-IP limiter still answers 429 (never 5xx) to a hostile burst', async () => {
    const settings = (await send('GET', '/api/settings', { headers: { Authorization: superuserAuth } })).json as {
      rateLimits: Record<string, unknown>;
    };
    await send('PATCH', '/api/settings', {
      headers: { Authorization: superuserAuth },
      json: { rateLimits: { ...settings.rateLimits, excludedIPs: [] } },
    });
    const statuses: number[] = [];
    const problems: string[] = [];
    for (let i = 0; i < 12; i++) {
      const body = i % 2 ? '{"name": "<script>' : JSON.stringify({ ...contactMessage(), name: fuzz.pick(MARKUP).value });
      const answer = await send('POST', '/api/collections/contact_messages/records', { body, type: 'application/json' });
      checkAnswer(`rajada #${i}`, answer, problems);
      statuses.push(answer.status);
    }
    expect(problems).toEqual([]);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
  }, 60_000);
});
