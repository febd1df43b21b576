// Sending a post to 5,000 confirmed subscribers, through a real SMTP server on
// loopback (the `smtp-server` package the tests use), on a real PocketBase (this
// repository's migrations, hooks and server/newsletter):
// - the server is killed with SIGKILL halfway through the send and started again; the
//   send resumes and every address gets the post exactly once (none twice, none missed);
// - while the send runs, the p95 of a staff save (2 concurrent admins creating and editing
//   posts) stays within 1.5× of the same saves on the idle server (before and after).
// The SMTP server counts a message only when it arrived whole (its terminator), as a real
// one accepts it; one cut by the kill is discarded, as real servers do.
//
//   node bench/newsletter.mjs
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { build } from 'esbuild';
import { SMTPServer } from 'smtp-server';
import { fromRoot } from '../scripts/lib/paths.mjs';
import { freePort } from '../scripts/lib/pocketbase-process.mjs';
import { resolvePocketBase } from '../scripts/pocketbase.mjs';
import {
  STAFF_PASSWORD,
  authToken,
  createBenchData,
  createStaff,
  startBenchServer,
  unthrottleLoopback,
} from './lib/bench-pocketbase.mjs';
import { runBench } from './lib/deadline.mjs';
import { ensureModernNode } from './lib/modern-node.mjs';
import { formatNumber, formatRatio, median, percentile, writeReport } from './lib/report.mjs';
import { measureWrites } from './lib/staff-writes.mjs';

if (isMainThread) ensureModernNode();

const SUBSCRIBERS = 5_000;
/** Messages a minute (Configurações' newsletter_rate_per_minute): 5,000 in about 100 s. */
const RATE_PER_MINUTE = 3_000;
const SAVE_RATIO_GOAL = 1.5;
const WRITES = { clients: 2, total: 40, warmup: 10 };
/** Rounds of saves on the idle server, before the send and after it. */
const IDLE_ROUNDS = 2;
const POST = {
  slug: 'bench-newsletter',
  title: 'Newsletter de benchmark',
  excerpt: 'Um post enviado a cinco mil inscritos.',
  dateText: '27 de novembro de 2026',
  image: { src: '/_astro/capa.webp', alt: 'Capa' },
};

/** @param {string} message */
const progress = (message) => process.stderr.write(`[newsletter] ${message}\n`);
/** @param {number} value */
const ms = (value) => `${formatNumber(value, 1)} ms`;
/** @param {number} value */
const count = (value) => value.toLocaleString('pt-BR');
const wait = (/** @type {number} */ delay) => new Promise((resolve) => setTimeout(resolve, delay));

/**
 * The two files of a site build a send reads: the live article index and the e-mail
 * template, the latter from src/lib/blog/newsletter-email.ts itself (bundled, as Astro would).
 * @param {string} dir
 */
async function writeSite(dir) {
  const bundle = await build({
    stdin: {
      contents:
        "import { newsletterTemplate } from './src/lib/blog/newsletter-email.ts';\n" +
        "import { site } from './src/config/site.ts';\n" +
        'export const template = newsletterTemplate(site);\n',
      resolveDir: fromRoot(),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'error',
  });
  const source = /** @type {import('esbuild').OutputFile} */ (bundle.outputFiles[0]).text;
  const { template } = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
  await mkdir(path.join(dir, 'blog', 'dados'), { recursive: true });
  await mkdir(path.join(dir, 'newsletter'), { recursive: true });
  await writeFile(path.join(dir, 'blog', 'dados', 'indice.json'), JSON.stringify([POST]));
  await writeFile(path.join(dir, 'newsletter', 'modelo-email.json'), JSON.stringify(template));
}

/**
 * A real SMTP server on loopback that counts whole messages per recipient. It runs in
 * a worker thread, as a mail server is a process of its own: on the benchmark's event
 * loop, its parsing would delay the staff saves being timed.
 */
async function startSink() {
  /** @type {Map<string, number>} */
  const received = new Map();
  let total = 0;
  const worker = new Worker(new URL(import.meta.url), { workerData: { sink: true } });
  worker.on('message', (/** @type {{ port?: number, to?: string[] }} */ message) => {
    for (const address of message.to ?? []) received.set(address, (received.get(address) ?? 0) + 1);
    if (message.to) total++;
  });
  const port = await new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (/** @type {{ port?: number }} */ message) => message.port && resolve(message.port));
  });
  return { port: /** @type {number} */ (port), received, total: () => total, stop: () => worker.terminate() };
}

/** The worker thread of startSink. */
async function runSink() {
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    size: 1 << 20,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'bench' }),
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      // 'end' only for a message that arrived whole; one cut short is destroyed instead.
      stream.on('end', () => {
        parentPort?.postMessage({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
        callback();
      });
      stream.on('error', () => undefined);
    },
  });
  const port = await freePort();
  server.listen(port, '127.0.0.1', () => parentPort?.postMessage({ port }));
}

/**
 * @param {string} url
 * @param {string} pathname
 * @param {{ method?: string, token?: string, body?: unknown }} [options]
 */
async function api(url, pathname, { method = 'GET', token, body } = {}) {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: HTTP ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Writes a Configurações row as an admin does (the hooks apply the SMTP ones).
 * @param {string} url @param {string} token @param {string} key @param {string} value
 */
async function setSetting(url, token, key, value) {
  const filter = encodeURIComponent(`key = "${key}"`);
  const found = await api(url, `/api/collections/public_site_settings/records?filter=${filter}`, { token });
  if (found.items.length) {
    await api(url, `/api/collections/public_site_settings/records/${found.items[0].id}`, {
      method: 'PATCH',
      token,
      body: { value },
    });
  } else {
    await api(url, '/api/collections/public_site_settings/records', { method: 'POST', token, body: { key, value } });
  }
}

/**
 * Confirmed subscribers straight in SQLite (the server stopped), as double opt-in leaves them.
 * @param {string} dbPath
 */
async function seedSubscribers(dbPath) {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(dbPath);
  const now = new Date().toISOString().replace('T', ' ');
  const insert = db.prepare(
    'INSERT INTO newsletter_subscribers (id, email, source, status, consented_at, confirmed_at, unsubscribe_token, created) ' +
      "VALUES (?, ?, '/blog', 'confirmed', ?, ?, ?, ?)",
  );
  db.exec('BEGIN');
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const id = `bench${String(i).padStart(10, '0')}`;
    insert.run(id, `leitor-${i}@exemplo.com.br`, now, now, randomBytes(20).toString('hex'), now);
  }
  db.exec('COMMIT');
  db.close();
}

if (!isMainThread && workerData?.sink) await runSink();
else
  await runBench(
    async (cleanups) => {
      const started = Date.now();
      const bin = await resolvePocketBase();
      const siteDir = await mkdtemp(path.join(tmpdir(), 'newsletter-site-'));
      cleanups.push(() => rm(siteDir, { recursive: true, force: true }));
      await writeSite(siteDir);
      // The server finds the live build here (npm start points it at the published one).
      process.env.SITE_DIR = siteDir;

      const sink = await startSink();
      cleanups.push(sink.stop);
      const data = await createBenchData(bin);
      cleanups.push(() => data.remove());
      let server = await startBenchServer({ bin, dataDir: data.dataDir });
      cleanups.push(() => server.stop());
      await unthrottleLoopback(server.url, data.superuser);
      await createStaff(server.url, { editors: 1, authors: 0 });
      await server.stop();
      progress(`Semeando ${count(SUBSCRIBERS)} inscritos confirmados`);
      await seedSubscribers(path.join(data.dataDir, 'data.db'));
      server = await startBenchServer({ bin, dataDir: data.dataDir });

      // Signed in before e-mail is configured: from then on an admin's sign-in also asks for the
      // e-mailed code (pb_hooks/lib/auth/two-step.js), and the session serves the write rounds below (8 hours).
      const admin = (await authToken(server.url, 'users', 'admin@exemplo.com.br', STAFF_PASSWORD)).token;
      for (const [key, value] of Object.entries({
        smtp_host: '127.0.0.1',
        smtp_port: String(sink.port),
        smtp_user: 'bench',
        smtp_password: 'bench',
        newsletter_rate_per_minute: String(RATE_PER_MINUTE),
      })) {
        await setSetting(server.url, admin, key, value);
      }

      progress('Gravações com o servidor ocioso');
      await measureWrites(server, data.superuser, 'aquecimento', { clients: WRITES.clients, total: WRITES.warmup, token: admin });
      /** @type {number[]} */
      const idle = [];
      for (let round = 1; round <= IDLE_ROUNDS; round++) {
        idle.push(
          ...(await measureWrites(server, data.superuser, `ocioso-antes-${round}`, { ...WRITES, token: admin })).latencies,
        );
      }

      const editor = (await authToken(server.url, 'users', 'editor1@exemplo.com.br', STAFF_PASSWORD)).token;
      const audience = await api(server.url, `/api/newsletter/audience?slug=${POST.slug}`, { token: editor });
      if (audience.toSend !== SUBSCRIBERS) throw new Error(`o envio alcançaria ${audience.toSend}, não ${SUBSCRIBERS}`);
      const sendStarted = performance.now();
      const send = await api(server.url, '/api/newsletter/sends', { method: 'POST', token: editor, body: { slug: POST.slug } });
      progress(`Envio ${send.id} iniciado para ${count(send.total)} inscritos, ${count(RATE_PER_MINUTE)} por minuto`);
      while (sink.total() < 50) await wait(50);

      progress('Gravações durante o envio');
      // Rounds while the send is in its first 40 %: the rest of the first half is left for the kill.
      /** @type {number[]} */
      const busy = [];
      let busyRounds = 0;
      while (busyRounds < 2 * IDLE_ROUNDS && sink.total() < SUBSCRIBERS * 0.4) {
        busy.push(
          ...(await measureWrites(server, data.superuser, `durante-${++busyRounds}`, { ...WRITES, token: admin })).latencies,
        );
      }
      if (sink.total() >= SUBSCRIBERS / 2) throw new Error('o envio passou da metade durante as gravações: reduza a taxa');

      while (sink.total() < SUBSCRIBERS / 2) await wait(20);
      const atKill = sink.total();
      process.kill(server.pid, 'SIGKILL');
      progress(`SIGKILL com ${count(atKill)} e-mails recebidos; reiniciando`);
      await wait(500);
      server = await startBenchServer({ bin, dataDir: data.dataDir });
      const superuser = (await authToken(server.url, '_superusers', data.superuser.email, data.superuser.password)).token;
      /** @type {any} */
      let state;
      for (;;) {
        state = await api(server.url, `/api/collections/newsletter_sends/records/${send.id}`, { token: superuser });
        if (state.status === 'done') break;
        if (performance.now() - sendStarted > 10 * 60_000) throw new Error(`envio ainda ${state.status}`);
        await wait(250);
      }
      const sendSeconds = (performance.now() - sendStarted) / 1000;
      // Late arrivals: the last message may be in flight when the status flips.
      await wait(1000);

      progress('Gravações com o servidor ocioso, depois do envio');
      for (let round = 1; round <= IDLE_ROUNDS; round++) {
        idle.push(
          ...(await measureWrites(server, data.superuser, `ocioso-depois-${round}`, { ...WRITES, token: admin })).latencies,
        );
      }

      const twice = [...sink.received.values()].filter((n) => n > 1).length;
      const missed = SUBSCRIBERS - sink.received.size;
      const stray = [...sink.received.keys()].filter((address) => !/^leitor-\d+@exemplo\.com\.br$/.test(address)).length;
      progress(
        `Recebidos ${count(sink.total())}: ${count(sink.received.size)} endereços, ${twice} em dobro, ${missed} faltando; ` +
          `envio: ${count(state.sent)} enviados, ${state.failed} falhas`,
      );
      const idleP95 = percentile(idle, 95);
      const busyP95 = percentile(busy, 95);
      await writeReport('newsletter', {
        title: `Newsletter para ${count(SUBSCRIBERS)} inscritos`,
        rows: [
          {
            measure: `${count(SUBSCRIBERS)} inscritos, SIGKILL na metade e reinício: e-mails em dobro / faltando`,
            ours: `${twice} / ${missed}`,
            peer: '—',
            ratio: '—',
            goal: '0 / 0',
            ok: twice === 0 && missed === 0 && stray === 0 && state.failed === 0,
          },
          {
            measure: `Gravação de um post durante o envio × servidor ocioso (p95, ${WRITES.clients} simultâneas)`,
            ours: `${ms(busyP95)} (p50 ${ms(median(busy))})`,
            peer: `${ms(idleP95)} (p50 ${ms(median(idle))})`,
            ratio: formatRatio(busyP95 / idleP95),
            goal: `≤ ${formatRatio(SAVE_RATIO_GOAL)}`,
            ok: busyP95 / idleP95 <= SAVE_RATIO_GOAL,
          },
          {
            measure: `Duração do envio a ${count(RATE_PER_MINUTE)} e-mails/min, com a queda e o reinício`,
            ours: `${formatNumber(sendSeconds, 0)} s (${formatNumber(SUBSCRIBERS / sendSeconds, 1)} e-mails/s)`,
            peer: '—',
            ratio: '—',
            goal: 'informativo',
            ok: true,
          },
        ],
        notes: [
          `${count(SUBSCRIBERS)} inscritos confirmados semeados direto no SQLite; o servidor SMTP é o pacote smtp-server em 127.0.0.1, ` +
            'que conta uma mensagem só quando ela chega inteira (como um servidor real a aceita).',
          `O PocketBase foi morto com SIGKILL ao chegar em ${count(atKill)} e-mails e reiniciado no mesmo diretório de dados; ` +
            'o envio continuou sozinho (server/newsletter).',
          'Cada entrega é marcada como enviada no SQLite depois que a mensagem inteira chegou ao servidor SMTP e antes do ' +
            'terminador que a faz ser aceita: morto antes, o servidor descarta a mensagem incompleta e ela é reenviada; ' +
            'depois, ela não é reenviada. Resta só o intervalo de microssegundos entre a gravação e o envio do terminador ' +
            '(uma perda, nunca uma duplicata).',
          `Gravações: ${WRITES.clients} administradoras criam e editam ${WRITES.total} posts por rodada (2 gravações cada): ` +
            `${busyRounds} rodadas durante o envio, ${IDLE_ROUNDS} antes e ${IDLE_ROUNDS} depois dele no mesmo servidor (o ocioso). ` +
            'O servidor SMTP roda numa thread própria, fora do laço de eventos que mede as gravações.',
          `Tempo total: ${formatNumber((Date.now() - started) / 60_000, 1)} min.`,
        ],
      });
    },
    { deadlineMs: 20 * 60_000, describeError: (error) => `[newsletter] ${error instanceof Error ? error.stack : error}` },
  );
