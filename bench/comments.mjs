// A burst of visitors' comments on a real PocketBase with the site's hooks: 500
// comments, 20 in flight at a time, from 100 addresses (each within its limit of
// five), against the same burst of contact messages, the public form that was there
// before, in one run. Every answer must be a success (no 5xx, no connection error)
// and every comment must be stored, pending. Behind a reverse proxy each visitor has
// an address of its own: the bench trusts X-Forwarded-For, as an operator would.
//   node bench/comments.mjs
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolvePocketBase } from '../scripts/pocketbase.mjs';
import { freePort, startPocketBase, upsertSuperuser } from '../scripts/lib/pocketbase-process.mjs';
import { formatNumber, formatRatio, percentile, writeReport } from './lib/report.mjs';

const TOTAL = 500;
const CONCURRENCY = 20;
const ADDRESSES = 100;
const ARTICLE = 'funcao-map-no-arduino';

const ms = (/** @type {number} */ value) => `${formatNumber(value, 0)} ms`;

/**
 * Sends TOTAL creates, CONCURRENCY at a time, each from its visitor's address.
 * @param {string} url @param {string} collection @param {(n: number) => unknown} body
 */
async function burst(url, collection, body) {
  /** @type {number[]} */
  const latencies = [];
  /** @type {Record<string, number>} */
  const statuses = {};
  let next = 0;
  const startedAt = performance.now();
  const worker = async () => {
    for (let n = next++; n < TOTAL; n = next++) {
      const sent = performance.now();
      let status = 'erro de conexão';
      try {
        const response = await fetch(`${url}/api/collections/${collection}/records`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${(n % ADDRESSES) + 1}` },
          body: JSON.stringify(body(n)),
        });
        await response.arrayBuffer();
        status = String(response.status);
      } catch {
        // counted as a connection error
      }
      latencies.push(performance.now() - sent);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { latencies, statuses, seconds: (performance.now() - startedAt) / 1000 };
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-comments-'));
/** @type {Awaited<ReturnType<typeof startPocketBase>> | undefined} */
let server;
try {
  const bin = await resolvePocketBase();
  const dataDir = path.join(work, 'pb_data');
  const superuser = { email: 'bench@exemplo.com.br', password: randomBytes(12).toString('hex') };
  await upsertSuperuser({ bin, dataDir, ...superuser });
  server = await startPocketBase({ bin, port: await freePort(), dataDir });
  const url = server.url;
  const auth = await (
    await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: superuser.email, password: superuser.password }),
    })
  ).json();
  const headers = { 'Content-Type': 'application/json', Authorization: auth.token };
  const settings = await (await fetch(`${url}/api/settings`, { headers })).json();
  // PocketBase's own per-IP limiter stays on; the proxy's header names the visitor.
  await fetch(`${url}/api/settings`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ trustedProxy: { ...settings.trustedProxy, headers: ['X-Forwarded-For'] } }),
  });

  const contact = await burst(url, 'contact_messages', (n) => ({
    name: `Visitante ${n}`,
    email: `visitante${n}@exemplo.com.br`,
    phone: '(47) 99999-0000',
    company: 'Máquinas Ltda',
    has_machine: 'sim',
    volume: '11-25',
    interest: 'produtos',
    message: `Gostaria de um orçamento (${n}) para 20 controladores.`,
  }));
  const comments = await burst(url, 'comments', (n) => ({
    article: ARTICLE,
    name: `Leitor ${n}`,
    email: `leitor${n}@exemplo.com.br`,
    body: `Pergunta ${n}: funciona com x < y && #include <Wire.h>?`,
    // The privacy policy's box, which the form asks and the hook requires (pb_hooks/lib/comments/comments.js).
    consent: true,
  }));
  const list = await (
    await fetch(`${url}/api/collections/comments/records?perPage=1&filter=${encodeURIComponent('status="pending"')}`, {
      headers,
    })
  ).json();
  const stored = Number(list.totalItems ?? 0);

  const failures = (/** @type {Record<string, number>} */ statuses) =>
    Object.entries(statuses)
      .filter(([status]) => status !== '200')
      .reduce((sum, [, n]) => sum + n, 0);
  const p = (/** @type {number[]} */ values, /** @type {number} */ at) => percentile(values, at);
  const rows = [
    {
      measure: `${TOTAL} comentários, ${CONCURRENCY} por vez: respostas que não são 200`,
      ours: formatNumber(failures(comments.statuses), 0),
      peer: `${formatNumber(failures(contact.statuses), 0)} (mensagens de contato)`,
      ratio: '—',
      goal: '0',
      ok: failures(comments.statuses) === 0,
    },
    {
      measure: `${TOTAL} comentários: guardados como pendentes`,
      ours: formatNumber(stored, 0),
      peer: '—',
      ratio: '—',
      goal: formatNumber(TOTAL, 0),
      ok: stored === TOTAL,
    },
    {
      measure: 'Criar um comentário: mediana (p95)',
      ours: `${ms(p(comments.latencies, 50))} (${ms(p(comments.latencies, 95))})`,
      peer: `${ms(p(contact.latencies, 50))} (${ms(p(contact.latencies, 95))}) (mensagem de contato)`,
      ratio: formatRatio(p(comments.latencies, 50) / p(contact.latencies, 50)),
      goal: '—',
      ok: true,
    },
    {
      measure: 'Comentários por segundo na rajada',
      ours: formatNumber(TOTAL / comments.seconds),
      peer: `${formatNumber(TOTAL / contact.seconds)} (mensagens de contato)`,
      ratio: formatRatio(contact.seconds / comments.seconds),
      goal: '—',
      ok: true,
    },
  ];
  await writeReport('comments', {
    title: `Comentários: rajada de ${TOTAL} envios de ${ADDRESSES} endereços`,
    rows,
    notes: [
      `Respostas dos comentários: ${JSON.stringify(comments.statuses)}; das mensagens: ${JSON.stringify(contact.statuses)}.`,
      'Cada comentário confere o artigo, o limite do endereço (numa transação), o spam e grava a auditoria; ' +
        'a mensagem de contato só limpa o texto.',
    ],
  });
} finally {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}
