// Fast seeding of posts and audit rows straight into a stopped PocketBase's
// data.db (node:sqlite, one transaction per batch). Rows are what the API itself
// would store: 15-character [a-z0-9] ids, allowed select values, slugs matching
// the collection's pattern, 'YYYY-MM-DD HH:MM:SS.sssZ' dates spread over a time
// window. Deterministic: the same indexes give the same rows.
import { createRequire } from 'node:module';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const BATCH = 10_000;

/**
 * A small, fast deterministic generator (mulberry32).
 * @param {number} seed
 */
export function randomSource(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** @param {number} n */
  const int = (n) => Math.floor(next() * n);
  /** @template T @param {readonly T[]} list @returns {T} */
  const pick = (list) => /** @type {T} */ (list[int(list.length)]);
  /**
   * Picks by weight: [[value, weight], …].
   * @template T @param {readonly (readonly [T, number])[]} pairs @returns {T}
   */
  const weighted = (pairs) => {
    const total = pairs.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of pairs) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return /** @type {readonly [T, number]} */ (pairs[pairs.length - 1])[0];
  };
  const id = () => {
    let out = '';
    for (let i = 0; i < 15; i++) out += ID_ALPHABET[int(36)];
    return out;
  };
  return { next, int, pick, weighted, id };
}

/**
 * A Date as PocketBase stores it.
 * @param {number} ms epoch milliseconds
 */
export function pocketBaseDate(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

export const PRODUCTS = [
  'Controlador ESP32',
  'CLP STM32',
  'Gateway Modbus',
  'Módulo RS485',
  'Fonte chaveada 24 V',
  'Módulo de expansão de E/S',
  'IHM touch',
  'Sensor 4-20 mA',
];
const CONTEXTS = [
  'na linha de envase',
  'em câmaras frias',
  'no controle de caldeiras',
  'para irrigação automatizada',
  'em máquinas de embalagem',
  'na telemetria de bombas',
  'em painéis elétricos',
  'no chão de fábrica',
];
const CATEGORIES = ['Técnico', 'Negócios', 'Casos de Sucesso', 'Tutoriais'];
const TAGS = ['ESP32', 'STM32', 'Modbus', 'RS485', 'IoT', 'Automação', 'Energia', 'Manutenção'];
const PARAGRAPH =
  'Neste artigo mostramos como o equipamento foi instalado, configurado e colocado em operação, ' +
  'com os cuidados de aterramento, a parametrização da rede e os testes de bancada que garantiram a partida sem paradas.';

/**
 * The title of post number `index` (unique: it ends with the number).
 * @param {number} index
 */
export function postTitle(index) {
  return `${PRODUCTS[index % PRODUCTS.length]} ${CONTEXTS[Math.floor(index / PRODUCTS.length) % CONTEXTS.length]} ${index + 1}`;
}

/** The server's own slug rule, so seeded rows look like the ones it stores. */
const { slugify } = /** @type {{ slugify: (text: string) => string }} */ (
  createRequire(import.meta.url)('../../pb_hooks/lib/common/slug.js')
);

/**
 * @typedef {{ id: string, email: string, fullName: string, role: string }} StaffAccount
 * @typedef {{ start: number, end: number }} TimeWindow epoch milliseconds
 * @typedef {ReturnType<typeof randomSource>} Random
 * @typedef {Record<string, string | number | null>} Row column → value
 */

/**
 * Row `step` of `steps` in a seeding pass gets a time in the step-th slice of the
 * window, so rows are stored in time order, as a live table's are.
 * @param {Random} random
 * @param {TimeWindow} window
 * @param {number} step
 * @param {number} steps
 */
function timeOf(random, window, step, steps) {
  return window.start + ((step + random.next()) / steps) * (window.end - window.start);
}

/**
 * @param {Random} random
 * @param {number} index the post's number
 * @param {StaffAccount[]} staff
 * @param {number} created epoch milliseconds
 * @param {number} now
 * @returns {Row}
 */
function postRow(random, index, staff, created, now) {
  const title = postTitle(index);
  const author = /** @type {StaffAccount} */ (staff[index % staff.length]);
  const status = random.weighted([
    ['published', 70],
    ['draft', 25],
    ['scheduled', 5],
  ]);
  // Scheduled posts stay in the future, so the minute job has nothing to publish.
  const publishedAt =
    status === 'published'
      ? Math.min(now, created + random.next() * 2 * 86_400_000)
      : status === 'scheduled'
        ? now + (1 + random.int(60)) * 86_400_000
        : null;
  const updated = Math.min(now, created + random.next() * 30 * 86_400_000);
  return {
    id: random.id(),
    title,
    slug: slugify(title),
    excerpt: `${title}: resultados, esquemas de ligação e lições aprendidas.`,
    content: `## ${title}\n\n${PARAGRAPH}\n\n${PARAGRAPH}`,
    category: /** @type {string} */ (CATEGORIES[index % CATEGORIES.length]),
    tags: JSON.stringify([random.pick(TAGS), random.pick(TAGS)]),
    status,
    author: author.id,
    author_name: author.fullName,
    published_at: publishedAt === null ? '' : pocketBaseDate(publishedAt),
    created: pocketBaseDate(created),
    updated: pocketBaseDate(Math.max(created, updated)),
  };
}

/** @type {[string, number][]} */
const TABLES = [
  ['posts', 60],
  ['media', 15],
  ['pages', 10],
  ['users', 10],
  ['public_site_settings', 5],
];
/** @type {[string, number][]} */
const ACTIONS = [
  ['INSERT', 40],
  ['UPDATE', 50],
  ['DELETE', 10],
];

/**
 * What the audit hook stores of a record (a realistic size per table).
 * @param {Random} random
 * @param {string} table
 * @param {string} recordId
 * @param {number} at epoch milliseconds
 */
function snapshotOf(random, table, recordId, at) {
  const stamp = pocketBaseDate(at);
  if (table === 'posts') {
    const title = postTitle(random.int(1_000_000));
    return {
      id: recordId,
      title,
      slug: slugify(title),
      excerpt: `${title}: resultados, esquemas de ligação e lições aprendidas.`,
      content: `## ${title}\n\n${PARAGRAPH}`,
      category: random.pick(CATEGORIES),
      status: random.pick(['draft', 'published']),
      tags: [random.pick(TAGS)],
      created: stamp,
      updated: stamp,
    };
  }
  if (table === 'media') {
    return {
      id: recordId,
      file: `foto_${recordId}.webp`,
      alt_text: 'Painel instalado',
      file_size: 180_000 + random.int(900_000),
    };
  }
  if (table === 'pages') return { id: recordId, name: 'Quem somos', slug: 'quem-somos', status: 'published', updated: stamp };
  if (table === 'users') return { id: recordId, full_name: 'Autor convidado', role: 'author', is_active: random.next() < 0.5 };
  return { id: recordId, key: 'contact_phone', value: '(47) 3275-1000', updated: stamp };
}

/**
 * @param {Random} random
 * @param {StaffAccount[]} staff
 * @param {number} created epoch milliseconds
 * @returns {Row}
 */
function auditRow(random, staff, created) {
  const table = random.weighted(TABLES);
  const action = random.weighted(ACTIONS);
  const recordId = random.id();
  const byStaff = random.next() < 0.9;
  const member = /** @type {StaffAccount} */ (staff[random.int(staff.length)]);
  const before = action === 'INSERT' ? null : snapshotOf(random, table, recordId, created - 86_400_000);
  const after = action === 'DELETE' ? null : snapshotOf(random, table, recordId, created);
  return {
    id: random.id(),
    user: byStaff ? member.id : '',
    actor: byStaff ? member.email : 'sistema',
    action,
    table_name: table,
    record_id: recordId,
    old_values: before ? JSON.stringify(before) : null,
    new_values: after ? JSON.stringify(after) : null,
    ip: byStaff ? `10.0.${random.int(4)}.${1 + random.int(250)}` : '',
    created: pocketBaseDate(created),
  };
}

/**
 * Inserts rows made by `make(index)` for indexes [from, to), BATCH per transaction.
 * @param {import('node:sqlite').DatabaseSync} db
 * @param {string} table
 * @param {string[]} columns
 * @param {number} from
 * @param {number} to
 * @param {(index: number) => Row} make
 * @param {(done: number, total: number) => void} onProgress
 */
function insertAll(db, table, columns, from, to, make, onProgress) {
  const quoted = columns.map((column) => `\`${column}\``).join(', ');
  const insert = db.prepare(`INSERT INTO \`${table}\` (${quoted}) VALUES (${columns.map(() => '?').join(', ')})`);
  for (let start = from; start < to; start += BATCH) {
    const end = Math.min(to, start + BATCH);
    db.exec('BEGIN');
    try {
      for (let index = start; index < end; index++) {
        const row = make(index);
        insert.run(...columns.map((column) => row[column] ?? null));
      }
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
    onProgress(end - from, to - from);
  }
}

const POST_COLUMNS = [
  'id',
  'title',
  'slug',
  'excerpt',
  'content',
  'category',
  'tags',
  'status',
  'author',
  'author_name',
  'published_at',
  'created',
  'updated',
];
const AUDIT_COLUMNS = ['id', 'user', 'actor', 'action', 'table_name', 'record_id', 'old_values', 'new_values', 'ip', 'created'];

/**
 * Seeds posts number [posts.from, posts.to) and audit rows number [auditRows.from,
 * auditRows.to) into a stopped PocketBase's database (growing earlier seeds).
 * @param {{ dbPath: string, staff: StaffAccount[], posts: { from: number, to: number },
 *           auditRows: { from: number, to: number }, window: TimeWindow, now: number,
 *           onProgress?: (what: string, done: number, total: number) => void }} options
 */
export async function seedRows({ dbPath, staff, posts, auditRows, window, now, onProgress }) {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(dbPath);
  try {
    db.exec('PRAGMA busy_timeout = 10000; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;');
    const postRandom = randomSource(0x5eed + posts.from);
    insertAll(
      db,
      'posts',
      POST_COLUMNS,
      posts.from,
      posts.to,
      (index) => postRow(postRandom, index, staff, timeOf(postRandom, window, index - posts.from, posts.to - posts.from), now),
      (done, total) => onProgress?.('posts', done, total),
    );
    const auditRandom = randomSource(0xa0d1 + auditRows.from);
    insertAll(
      db,
      'audit_logs',
      AUDIT_COLUMNS,
      auditRows.from,
      auditRows.to,
      (index) => auditRow(auditRandom, staff, timeOf(auditRandom, window, index - auditRows.from, auditRows.to - auditRows.from)),
      (done, total) => onProgress?.('auditoria', done, total),
    );
  } finally {
    db.close();
  }
}

const REVISION_COLUMNS = [
  'id',
  'collection',
  'record',
  'kind',
  'data',
  'editor',
  'editor_name',
  'owner',
  'summary',
  'published',
  'restored_from',
  'created',
];

/**
 * Seeds `total` revisions of the posts already seeded (a stopped PocketBase's database),
 * `target.count` of them for the post `target.id` and the rest spread over all posts,
 * each holding the post's fields as a save would (pb_hooks/lib/revisions/revisions.js).
 * @param {{ dbPath: string, total: number, target: { id: string, count: number }, window: TimeWindow,
 *           onProgress?: (what: string, done: number, total: number) => void }} options
 */
export async function seedRevisions({ dbPath, total, target, window, onProgress }) {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(dbPath);
  try {
    db.exec('PRAGMA busy_timeout = 10000; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;');
    const posts =
      /** @type {{ id: string, author: string, author_name: string, title: string, slug: string, excerpt: string, content: string, category: string, tags: string, status: string }[]} */ (
        db.prepare('SELECT id, author, author_name, title, slug, excerpt, content, category, tags, status FROM posts').all()
      );
    const byId = new Map(posts.map((post) => [post.id, post]));
    const random = randomSource(0x4e71);
    insertAll(
      db,
      'revisions',
      REVISION_COLUMNS,
      0,
      total,
      (index) => {
        const post = /** @type {(typeof posts)[number]} */ (
          index < target.count ? byId.get(target.id) : posts[random.int(posts.length)]
        );
        const editor = random.next() < 0.8;
        return {
          id: random.id(),
          collection: 'posts',
          record: post.id,
          kind: 'update',
          data: JSON.stringify({
            title: post.title,
            slug: post.slug,
            excerpt: post.excerpt,
            content: `${post.content}\n\nRevisão ${index}.`,
            cover: '',
            category: post.category,
            tags: JSON.parse(post.tags || '[]'),
            status: post.status,
            published_at: '',
            author: post.author,
            review_note: '',
          }),
          editor: editor ? post.author : '',
          editor_name: editor ? post.author_name : 'sistema',
          owner: post.author,
          summary: 'conteúdo',
          // The target's are all kept (published versions stay beyond the last 50).
          published: index < target.count || random.next() < 0.3 ? 1 : 0,
          restored_from: '',
          created: pocketBaseDate(timeOf(random, window, index, total)),
        };
      },
      (done, all) => onProgress?.('versões', done, all),
    );
  } finally {
    db.close();
  }
}
