/**
 * The authorization matrix: every actor (admin, editor, author, inactive account,
 * anonymous visitor) × every collection × list, view, create, update, delete, run
 * against a real PocketBase through the official SDK. Each cell asserts that the
 * server's decision equals src/lib/permissions.ts (`allows`), and the SPEC table
 * below pins each required decision by hand, independently of that module. Last, every
 * guarded field an actor may not change is sent under other spellings of its key
 * (`ROLE`, `Is_active`, ...): the stored value must stay as it was.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allows, type Changes, type Collection, type Operation, type RecordFacts } from '../../src/lib/permissions';
import { FUNCAO_MAP } from '../helpers/git-articles';
import { caseVariants } from '../helpers/key-spellings';
import { PASSWORD, signIn, startStaffServer, statusOf, type StaffMember, type StaffServer } from '../helpers/staff';
import { contactMessage } from '../helpers/contact-message';

let s: StaffServer;
let serial = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`;

/** A Mídia image for the partners' logos (an editor's partner takes its logo from Mídia). */
let partnerLogo = '';

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true, gitArticles: [FUNCAO_MAP] });
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'logotipo.png');
  partnerLogo = (await s.superuser.collection('media').create(form)).id;
  catalogLine = (await s.superuser.collection('product_lines').getFirstListItem('slug = "ops"')).id;
});
afterAll(async () => {
  await s?.stop();
});

/** A tiny valid PNG (1×1), for media uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Target {
  label: string;
  /** Creates a fresh record with the superuser (rules bypassed); returns its id and facts. */
  make: () => Promise<{ id: string; facts: RecordFacts }>;
}

interface CollectionCase {
  name: Collection;
  targets: () => Target[];
  creates: (who: StaffMember) => { label: string; body: Changes | FormData; facts: Changes }[];
  updates: () => { label: string; changes: Changes }[];
}

const su = () => s.superuser;

function postTarget(label: string, owner: () => string, status: string): Target {
  return {
    label,
    make: async () => {
      const record = await su()
        .collection('posts')
        .create({
          title: unique('Post'),
          category: 'Técnico',
          author: owner(),
          status,
          published_at: status === 'scheduled' ? '2099-01-01 00:00:00.000Z' : '',
        });
      return {
        id: record.id,
        facts: { id: record.id, author: record.author, status: record.status, published_at: record.published_at },
      };
    },
  };
}

function mediaTarget(label: string, owner: () => string): Target {
  return {
    label,
    make: async () => {
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
      const record = await su().collection('media').create(form);
      await su().collection('media').update(record.id, { uploaded_by: owner() });
      return { id: record.id, facts: { id: record.id, uploaded_by: owner() } };
    },
  };
}

async function ensureSetting(key: string): Promise<{ id: string; facts: RecordFacts }> {
  try {
    const record = await su().collection('public_site_settings').getFirstListItem(`key = "${key}"`);
    return { id: record.id, facts: { id: record.id, key } };
  } catch {
    const record = await su().collection('public_site_settings').create({ key, value: '' });
    return { id: record.id, facts: { id: record.id, key } };
  }
}

const testimonial = () => ({
  name: 'Marta L.',
  company: 'Fabricante de dosadoras',
  quote: 'Os controladores estão rodando há dois anos sem nenhuma falha em campo, em três turnos.',
  page: 'clientes',
  order: 90,
});
/** One of the site's own logo files (shared/site-partners.json). */
const SITE_LOGO = 'partners/fiesc.svg';
const partnerBody = (extra: Changes = {}) => ({
  name: 'WEG',
  full_name: 'WEG Equipamentos Elétricos',
  kind: 'Fabricante de motores',
  order: 60,
  logo: partnerLogo,
  ...extra,
});

/** The catalogue (shared/catalog.js): a line every test product belongs to, set in beforeAll. */
let catalogLine = '';
/** One of the site's own pictures (shared/site-catalog.json). */
const SITE_PICTURE = 'artwork/linha-s.png';
const lineBody = (extra: Changes = {}) => ({
  slug: unique('linha'),
  name: 'Linha T',
  title: 'Linha T – Controladores de teste',
  icon_text: 'T',
  family: 'OPT',
  description: 'Controladores de teste com entradas rápidas e saídas a transistor.',
  image: partnerLogo,
  image_alt: 'Ilustração de uma placa de teste',
  color: '#0b3d6e',
  featured: false,
  order: 90,
  ...extra,
});
const productBody = (extra: Changes = {}) => ({
  slug: unique('produto'),
  model: 'OPT001',
  name: 'Controlador de teste',
  line: catalogLine,
  order: 90,
  description: 'Controlador de teste com entradas rápidas e saídas a transistor.',
  tagline: 'Um controlador só para os testes',
  specs: ['8 entradas digitais', '8 saídas a transistor', 'Alimentação 24 Vdc'],
  key_features: ['Entradas isoladas', 'Saídas protegidas', 'Programável pela Arduino IDE'],
  applications: ['Esteiras', 'Embaladoras', 'Bancadas de teste'],
  images: [
    { image: partnerLogo, alt: 'Placa de teste vista de frente' },
    { image: partnerLogo, alt: 'Placa de teste vista de lado' },
  ],
  status: 'published',
  ...extra,
});
const downloadBody = (extra: Changes = {}) => ({
  slug: unique('download'),
  name: 'TESTE01',
  description: 'Um arquivo de teste com entradas e saídas descritas.',
  url: 'https://example.com/teste.pdf',
  order: 90,
  ...extra,
});
/** A fresh record of `collection` made by the superuser (rules bypassed). */
const madeBy =
  (collection: Collection, body: () => Changes, facts: (id: string) => RecordFacts = (id) => ({ id })) =>
  async () => {
    const record = await su().collection(collection).create(body());
    return { id: record.id, facts: facts(record.id) };
  };

const faqEntry = () => ({
  question: 'Vocês enviam para todo o Brasil?',
  answer: 'Sim: enviamos para todo o Brasil, por transportadora ou pelos Correios, com rastreio.',
  order: 90,
});

const CASES: CollectionCase[] = [
  {
    name: 'users',
    targets: () => [
      {
        label: 'another account',
        make: async () => {
          const record = await su()
            .collection('users')
            .create({
              email: `${unique('pessoa')}@exemplo.com.br`,
              password: 'Senha-Forte-123',
              passwordConfirm: 'Senha-Forte-123',
              role: 'author',
              is_active: true,
            });
          return { id: record.id, facts: { id: record.id } };
        },
      },
    ],
    creates: () => [
      { label: 'self sign-up', body: signUp(), facts: {} },
      {
        label: 'with role and active flag',
        body: { ...signUp(), role: 'editor', is_active: true },
        facts: { role: 'editor', is_active: true },
      },
      { label: 'with the two-step switch', body: { ...signUp(), two_step: true }, facts: { two_step: true } },
    ],
    updates: () => [
      { label: 'name', changes: { full_name: 'Novo Nome' } },
      { label: 'role', changes: { role: 'editor' } },
      { label: 'active flag', changes: { is_active: false } },
      { label: 'two-step switch on', changes: { two_step: true } },
      { label: 'two-step switch off', changes: { two_step: false } },
    ],
  },
  {
    name: 'posts',
    targets: () => [
      postTarget("author's draft", () => s.author.actor!.id, 'draft'),
      postTarget("other author's draft", () => s.otherAuthor.actor!.id, 'draft'),
      postTarget("author's post in review", () => s.author.actor!.id, 'review'),
      postTarget('published post', () => s.editor.actor!.id, 'published'),
      postTarget('scheduled post', () => s.editor.actor!.id, 'scheduled'),
    ],
    creates: (who) => [
      {
        label: 'own draft',
        body: {
          title: unique('Rascunho'),
          category: 'Tutoriais',
          status: 'draft',
          ...(who.actor ? { author: who.actor.id } : {}),
        },
        facts: { status: 'draft', ...(who.actor ? { author: who.actor.id } : {}) },
      },
      {
        label: 'published',
        body: {
          title: unique('Publicado'),
          category: 'Tutoriais',
          status: 'published',
          ...(who.actor ? { author: who.actor.id } : {}),
        },
        facts: { status: 'published', ...(who.actor ? { author: who.actor.id } : {}) },
      },
      {
        label: 'for review',
        body: { title: unique('Para revisar'), category: 'Tutoriais', status: 'review' },
        facts: { status: 'review' },
      },
      {
        label: 'with a review note',
        body: { title: unique('Com nota'), category: 'Tutoriais', status: 'draft', review_note: 'Nota forjada.' },
        facts: { status: 'draft', review_note: 'Nota forjada.' },
      },
      {
        label: "in another's name",
        body: { title: unique('Alheio'), category: 'Negócios', status: 'draft', author: s.otherAuthor.actor!.id },
        facts: { status: 'draft', author: s.otherAuthor.actor!.id },
      },
      {
        label: 'with a byline',
        body: { title: unique('Assinado'), category: 'Negócios', status: 'draft', author_name: 'Nome Forjado' },
        facts: { status: 'draft', author_name: 'Nome Forjado' },
      },
      {
        label: 'with a publication date',
        body: { title: unique('Datado'), category: 'Negócios', status: 'draft', published_at: '2020-01-01 00:00:00.000Z' },
        facts: { status: 'draft', published_at: '2020-01-01 00:00:00.000Z' },
      },
    ],
    updates: () => [
      { label: 'title', changes: { title: unique('Título') } },
      { label: 'publish', changes: { status: 'published' } },
      { label: 'schedule', changes: { status: 'scheduled', published_at: '2099-01-01 00:00:00.000Z' } },
      { label: 'author', changes: { author: s.otherAuthor.actor!.id } },
      { label: 'byline', changes: { author_name: 'Nome Forjado' } },
      { label: 'publication date', changes: { published_at: '2020-01-01 00:00:00.000Z' } },
      { label: 'send for review', changes: { status: 'review' } },
      { label: 'back to draft', changes: { status: 'draft' } },
      { label: 'review note', changes: { review_note: 'Revise o resumo, por favor.' } },
    ],
  },
  {
    name: 'pages',
    targets: () =>
      ['draft', 'published'].map((status) => ({
        label: `${status} page`,
        make: async () => {
          const record = await su()
            .collection('pages')
            .create({
              name: unique('Página'),
              status,
              content: { sections: [{ id: 'secao1', type: 'text', title: 'Seção', body: 'Texto.' }] },
            });
          return { id: record.id, facts: { id: record.id, status } };
        },
      })),
    creates: () => [{ label: 'draft page', body: { name: unique('Nova página'), status: 'draft' }, facts: { status: 'draft' } }],
    updates: () => [{ label: 'SEO fields', changes: { title: 'Título SEO', meta_description: 'Descrição.' } }],
  },
  {
    name: 'menus',
    // The three menus are made by a migration; each update gets the footer column back as it was.
    targets: () => [
      {
        label: 'footer column',
        make: async () => {
          const record = await su().collection('menus').getFirstListItem('key = "footer_resources"');
          await su().collection('menus').update(record.id, { title: 'Recursos' });
          return { id: record.id, facts: { id: record.id, key: 'footer_resources' } };
        },
      },
    ],
    creates: () => [{ label: 'a fourth menu', body: { key: 'header', title: '', items: [] }, facts: {} }],
    updates: () => [
      { label: 'column title', changes: { title: 'Materiais' } },
      { label: 'key', changes: { key: 'footer_links' } },
    ],
  },
  {
    name: 'testimonials',
    targets: () => [
      {
        label: 'a testimonial',
        make: async () => {
          const record = await su().collection('testimonials').create(testimonial());
          return { id: record.id, facts: { id: record.id } };
        },
      },
    ],
    creates: () => [{ label: 'a testimonial', body: testimonial(), facts: {} }],
    updates: () => [{ label: 'quote', changes: { quote: `${testimonial().quote} Recomendo.` } }],
  },
  {
    name: 'faq_entries',
    targets: () => [
      {
        label: 'a question',
        make: async () => {
          const record = await su().collection('faq_entries').create(faqEntry());
          return { id: record.id, facts: { id: record.id } };
        },
      },
    ],
    creates: () => [{ label: 'a question', body: faqEntry(), facts: {} }],
    updates: () => [{ label: 'answer', changes: { answer: `${faqEntry().answer} Consulte-nos.` } }],
  },
  {
    name: 'partners',
    targets: () => [
      {
        label: 'a seeded partner',
        make: async () => {
          const record = await su()
            .collection('partners')
            .create(partnerBody({ logo: '', builtin_logo: SITE_LOGO }));
          return { id: record.id, facts: { id: record.id, builtin_logo: SITE_LOGO } };
        },
      },
    ],
    creates: () => [
      { label: 'a partner', body: partnerBody(), facts: {} },
      {
        label: 'with a site logo file',
        body: partnerBody({ builtin_logo: SITE_LOGO }),
        facts: { builtin_logo: SITE_LOGO },
      },
    ],
    updates: () => [
      { label: 'kind', changes: { kind: 'Associação de tecnologia' } },
      { label: 'site logo file kept', changes: { builtin_logo: SITE_LOGO } },
      { label: 'site logo file replaced by Mídia', changes: { logo: partnerLogo, builtin_logo: '' } },
      { label: 'site logo file changed', changes: { builtin_logo: 'partners/senai.svg' } },
    ],
  },
  {
    name: 'product_lines',
    targets: () => [
      {
        label: 'a seeded line',
        make: madeBy(
          'product_lines',
          () => lineBody({ image: '', builtin_image: SITE_PICTURE }),
          (id) => ({ id, builtin_image: SITE_PICTURE }),
        ),
      },
    ],
    creates: () => [
      { label: 'a line', body: lineBody(), facts: {} },
      { label: 'with a site picture', body: lineBody({ builtin_image: SITE_PICTURE }), facts: { builtin_image: SITE_PICTURE } },
    ],
    updates: () => [
      { label: 'name', changes: { name: 'Linha U' } },
      { label: 'site picture kept', changes: { builtin_image: SITE_PICTURE } },
      { label: 'site picture replaced by Mídia', changes: { image: partnerLogo, builtin_image: '' } },
      { label: 'site picture changed', changes: { builtin_image: 'artwork/linha-m.png' } },
    ],
  },
  {
    name: 'products',
    targets: () => [
      {
        label: 'a published product',
        make: madeBy(
          'products',
          () => productBody(),
          (id) => ({ id, status: 'published' }),
        ),
      },
      {
        label: 'a draft product',
        make: madeBy(
          'products',
          () => productBody({ status: 'draft' }),
          (id) => ({ id, status: 'draft' }),
        ),
      },
    ],
    creates: () => [{ label: 'a product', body: productBody(), facts: {} }],
    updates: () => [
      { label: 'tagline', changes: { tagline: 'Outra chamada para o teste' } },
      { label: 'status', changes: { status: 'draft' } },
    ],
  },
  {
    name: 'datasheets',
    targets: () => [{ label: 'a datasheet', make: madeBy('datasheets', () => downloadBody()) }],
    creates: () => [{ label: 'a datasheet', body: downloadBody(), facts: {} }],
    updates: () => [{ label: 'description', changes: { description: 'Outra descrição do arquivo de teste.' } }],
  },
  {
    name: 'software',
    targets: () => [{ label: 'a software', make: madeBy('software', () => downloadBody({ category: 'Base' })) }],
    creates: () => [{ label: 'a software', body: downloadBody({ category: 'Base' }), facts: {} }],
    updates: () => [{ label: 'category', changes: { category: 'Sistema' } }],
  },
  {
    name: 'media',
    targets: () => [
      mediaTarget("author's upload", () => s.author.actor!.id),
      mediaTarget("editor's upload", () => s.editor.actor!.id),
    ],
    creates: () => {
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
      return [{ label: 'image upload', body: form, facts: {} }];
    },
    updates: () => [{ label: 'alt text', changes: { alt_text: 'Descrição da imagem' } }],
  },
  {
    name: 'public_site_settings',
    targets: () => [
      { label: 'public key', make: () => ensureSetting('site_description') },
      { label: 'secret key', make: () => ensureSetting('smtp_host') },
    ],
    creates: () => [{ label: 'a missing key', body: { key: 'site_favicon', value: '' }, facts: { key: 'site_favicon' } }],
    updates: () => [{ label: 'value', changes: { value: '' } }],
  },
  {
    name: 'audit_logs',
    targets: () => [
      {
        label: 'an audit row',
        make: async () => {
          const record = await su().collection('audit_logs').getFirstListItem('');
          return { id: record.id, facts: { id: record.id } };
        },
      },
    ],
    creates: () => [{ label: 'forged row', body: { action: 'INSERT', table_name: 'posts', record_id: 'forjado' }, facts: {} }],
    updates: () => [{ label: 'rewrite history', changes: { table_name: 'pages' } }],
  },
  {
    name: 'contact_messages',
    targets: () => [
      {
        label: 'a message',
        make: async () => {
          const record = await su().collection('contact_messages').create(contactMessage());
          return { id: record.id, facts: { id: record.id } };
        },
      },
    ],
    creates: () => [{ label: 'a message', body: contactMessage(), facts: {} }],
    updates: () => [{ label: 'mark read', changes: { read: true } }],
  },
  {
    name: 'newsletter_subscribers',
    targets: () => [
      {
        label: 'a subscriber',
        make: async () => {
          const record = await su()
            .collection('newsletter_subscribers')
            .create({ email: `${unique('leitor')}@exemplo.com.br`, source: '/' });
          return { id: record.id, facts: { id: record.id } };
        },
      },
    ],
    creates: () => [{ label: 'a sign-up', body: { email: `${unique('leitor')}@exemplo.com.br`, source: '/blog' }, facts: {} }],
    updates: () => [{ label: 'source', changes: { source: '/outra' } }],
  },
  {
    name: 'newsletter_sends',
    targets: () => [
      {
        label: 'a send',
        make: async () => {
          const record = await su().collection('newsletter_sends').create(finishedSend());
          return { id: record.id, facts: { id: record.id } };
        },
      },
    ],
    creates: () => [{ label: 'a forged send', body: { ...finishedSend(), status: 'queued' }, facts: {} }],
    updates: () => [{ label: 'requeue', changes: { status: 'queued' } }],
  },
  {
    name: 'newsletter_deliveries',
    targets: () => [
      {
        label: 'a delivery',
        make: async () => {
          const send = await su().collection('newsletter_sends').create(finishedSend());
          const subscriber = await su()
            .collection('newsletter_subscribers')
            .create({ email: `${unique('leitor')}@exemplo.com.br`, source: '/', status: 'confirmed' });
          const record = await su()
            .collection('newsletter_deliveries')
            .create({ send: send.id, subscriber: subscriber.id, post_key: send.post_key, status: 'sent' });
          return { id: record.id, facts: { id: record.id } };
        },
      },
    ],
    creates: () => [{ label: 'a forged delivery', body: { post_key: 'git:forjado', status: 'pending' }, facts: {} }],
    updates: () => [{ label: 'send again', changes: { status: 'pending' } }],
  },
  {
    name: 'comments',
    targets: () =>
      (['pending', 'approved'] as const).map((status) => ({
        label: `${status} comment`,
        make: async () => {
          // New comments are always pending (pb_hooks/comments.pb.js); the status is set after.
          const record = await su().collection('comments').create(commentBody());
          if (status !== 'pending') await su().collection('comments').update(record.id, { status });
          return { id: record.id, facts: { id: record.id, status } };
        },
      })),
    creates: () => [{ label: 'a comment', body: commentBody(), facts: {} }],
    updates: () => [{ label: 'approve', changes: { status: 'approved' } }],
  },
  {
    name: 'revisions',
    targets: () => [
      revisionTarget("revision of the author's post", 'posts', () => s.author.actor!.id),
      revisionTarget("revision of another author's post", 'posts', () => s.otherAuthor.actor!.id),
      revisionTarget('revision of a page', 'pages', () => ''),
    ],
    creates: () => [
      {
        label: 'forged revision',
        body: { collection: 'posts', record: 'forjado0000001', kind: 'update', data: {}, summary: 'forjada' },
        facts: {},
      },
    ],
    updates: () => [{ label: 'rewrite history', changes: { summary: 'reescrita', data: {} } }],
  },
];

/** The newest revision of a record the superuser just created (every save leaves one). */
function revisionTarget(label: string, collection: 'posts' | 'pages', owner: () => string): Target {
  return {
    label,
    make: async () => {
      const record =
        collection === 'posts'
          ? await su()
              .collection('posts')
              .create({ title: unique('Versionado'), category: 'Técnico', author: owner(), status: 'draft' })
          : await su()
              .collection('pages')
              .create({ name: unique('Página versionada'), status: 'draft' });
      const revision = await su()
        .collection('revisions')
        .getFirstListItem(su().filter('collection = {:collection} && record = {:record}', { collection, record: record.id }));
      return { id: revision.id, facts: { id: revision.id, collection, owner: revision.owner } };
    },
  };
}

/** A newsletter send that already ended (so the delivery worker leaves it alone). */
function finishedSend(): Changes {
  return {
    kind: 'post',
    post_key: `git:${unique('post').replace(/\W/g, '-')}`,
    subject: 'Assunto',
    status: 'done',
    total: 1,
    sent: 1,
  };
}

function commentBody(): Changes {
  return {
    article: FUNCAO_MAP.slug,
    name: 'Leitor',
    email: `${unique('leitor')}@exemplo.com.br`,
    body: 'Uma pergunta.',
    consent: true,
  };
}

function signUp(): Changes {
  return { email: `${unique('cadastro')}@exemplo.com.br`, password: 'Senha-Forte-123', passwordConfirm: 'Senha-Forte-123' };
}

interface Cell {
  operation: Operation;
  label: string;
  server: boolean;
  expected: boolean;
}

const ACTORS = ['admin', 'editor', 'author', 'inactive', 'anonymous'] as const;

async function runCells(who: StaffMember, c: CollectionCase): Promise<Cell[]> {
  const api = (client: PocketBase) => client.collection(c.name);
  const cells: Cell[] = [];
  const record = (operation: Operation, label: string, server: boolean, expected: boolean) =>
    cells.push({ operation, label, server, expected });

  // list and view, over one fresh record per target kind
  const targets = await Promise.all(c.targets().map(async (target) => ({ target, made: await target.make() })));
  const listStatus = await statusOf(api(who.client).getFullList({ batch: 500 }));
  const listed =
    listStatus === 200 ? new Set((await api(who.client).getFullList({ batch: 500 })).map((item) => item.id)) : new Set<string>();
  for (const { target, made } of targets) {
    record('list', target.label, listed.has(made.id), allows(who.actor, c.name, 'list', made.facts));
    record(
      'view',
      target.label,
      (await statusOf(api(who.client).getOne(made.id))) === 200,
      allows(who.actor, c.name, 'view', made.facts),
    );
  }

  // create
  for (const attempt of c.creates(who)) {
    if (c.name === 'public_site_settings') {
      const existing = await su().collection(c.name).getFullList({ filter: `key = "site_favicon"` });
      for (const row of existing) await su().collection(c.name).delete(row.id);
    }
    const status = await statusOf(api(who.client).create(attempt.body));
    record('create', attempt.label, status === 200, allows(who.actor, c.name, 'create', {}, attempt.facts));
  }
  if (c.name === 'public_site_settings') await ensureSetting('site_favicon');

  // update: a fresh target for every change, so one allowed change cannot affect the next cell
  for (const target of c.targets()) {
    for (const update of c.updates()) {
      const made = await target.make();
      const status = await statusOf(api(who.client).update(made.id, update.changes));
      record(
        'update',
        `${target.label}: ${update.label}`,
        status === 200,
        allows(who.actor, c.name, 'update', made.facts, update.changes),
      );
    }
  }

  // delete
  for (const target of c.targets()) {
    if (c.name === 'audit_logs' || c.name === 'public_site_settings') {
      const made = await target.make();
      const status = await statusOf(api(who.client).delete(made.id));
      record('delete', target.label, status === 200, allows(who.actor, c.name, 'delete', made.facts));
      if (c.name === 'public_site_settings') await ensureSetting(made.facts.key!);
      continue;
    }
    const made = await target.make();
    const status = await statusOf(api(who.client).delete(made.id));
    record('delete', target.label, status === 200, allows(who.actor, c.name, 'delete', made.facts));
  }
  return cells;
}

/** Server decisions recorded per actor/collection, for the SPEC table below. */
const decisions = new Map<string, boolean>();

describe.each(ACTORS)('%s', (actorName) => {
  test.each(CASES.map((c) => [c.name, c] as const))(
    '%s: the server and permissions.ts agree on every operation',
    async (_name, c) => {
      const who = s[actorName];
      const cells = await runCells(who, c);
      for (const cell of cells) decisions.set(`${actorName} ${c.name} ${cell.operation} ${cell.label}`, cell.server);
      const mismatches = cells
        .filter((cell) => cell.server !== cell.expected)
        .map(
          (cell) =>
            `${cell.operation} ${cell.label}: servidor ${cell.server ? 'permitiu' : 'negou'}, permissions.ts ${cell.expected ? 'permite' : 'nega'}`,
        );
      expect(mismatches).toEqual([]);
      expect(cells.length).toBeGreaterThan(3);
    },
  );
});

/**
 * The two-step switch on one's own account: the matrix's users target is
 * another account, so each actor also tries its own, on, then off again.
 */
describe.each(ACTORS.filter((name) => name !== 'anonymous'))('%s', (actorName) => {
  test('users: the server and permissions.ts agree on the own two-step switch', async () => {
    const who = s[actorName];
    const own = who.actor!.id;
    const mismatches: string[] = [];
    for (const changes of [{ two_step: true }, { two_step: false }]) {
      const label = `own account: two-step switch ${changes.two_step ? 'on' : 'off'}`;
      const server = (await statusOf(who.client.collection('users').update(own, changes))) === 200;
      decisions.set(`${actorName} users update ${label}`, server);
      if (server !== allows(who.actor, 'users', 'update', { id: own }, changes)) mismatches.push(`${label}: servidor ${server}`);
    }
    expect(mismatches).toEqual([]);
  });
});

/**
 * Required decisions, written out one by one and asserted on what the server did (independent of
 * permissions.ts). Runs after the matrix filled `decisions`.
 */
const SPEC: [string, boolean][] = [
  ['admin users update another account: role', true],
  ['admin users update another account: two-step switch on', false],
  ['admin users update another account: two-step switch off', false],
  ['author users update another account: two-step switch on', false],
  ['admin users create with the two-step switch', false],
  ['anonymous users create with the two-step switch', false],
  ['editor users update own account: two-step switch on', true],
  ['author users update own account: two-step switch off', true],
  ['admin users update own account: two-step switch on', true],
  ['admin users update own account: two-step switch off', false],
  ['inactive users update own account: two-step switch on', false],
  ['editor users list another account', false],
  ['author users update another account: role', false],
  ['admin posts delete published post', true],
  ['editor posts update published post: title', true],
  ['editor posts update "author\'s draft": publish', true],
  ['author posts list "other author\'s draft"', false],
  ['author posts update "author\'s draft": title', true],
  ['author posts update "author\'s draft": publish', false],
  ['author posts update "author\'s draft": schedule', false],
  ['author posts create published', false],
  ['author posts delete "author\'s draft"', false],
  ['author posts update "author\'s draft": author', false],
  ['author posts update "author\'s draft": byline', false],
  ['author posts update "author\'s draft": publication date', false],
  ['author posts create with a byline', false],
  ['author posts create with a publication date', false],
  ['editor posts update "author\'s draft": byline', true],
  ['editor posts update "author\'s draft": publication date', true],
  ['admin posts update "author\'s draft": author', true],
  ['editor posts create with a byline', true],
  ['author pages create draft page', false],
  ['editor pages update published page: SEO fields', true],
  ['editor public_site_settings update public key: value', false],
  ['admin public_site_settings view secret key', true],
  ['anonymous public_site_settings view secret key', false],
  ['anonymous public_site_settings view public key', true],
  ['anonymous posts view published post', true],
  ['anonymous posts view scheduled post', false],
  ['anonymous pages view draft page', false],
  ['anonymous menus view footer column', true],
  ['author menus update footer column: column title', false],
  ['editor menus update footer column: column title', true],
  ['admin menus update footer column: key', false],
  ['admin menus delete footer column', false],
  ['admin menus create a fourth menu', false],
  ['anonymous testimonials view a testimonial', true],
  ['author testimonials create a testimonial', false],
  ['editor faq_entries update a question: answer', true],
  ['author faq_entries delete a question', false],
  ['anonymous partners view a seeded partner', true],
  ['author partners create a partner', false],
  ['editor partners create a partner', true],
  ['editor partners create with a site logo file', false],
  ['admin partners create with a site logo file', false],
  ['editor partners update a seeded partner: kind', true],
  ['editor partners update a seeded partner: site logo file kept', true],
  ['editor partners update a seeded partner: site logo file replaced by Mídia', true],
  ['editor partners update a seeded partner: site logo file changed', false],
  ['admin partners update a seeded partner: site logo file changed', false],
  ['editor partners delete a seeded partner', true],
  // The catalogue: editors and admins write it; authors read it, drafts too; visitors read what is published.
  ['anonymous products view a published product', true],
  ['anonymous products view a draft product', false],
  ['author products view a draft product', true],
  ['author products create a product', false],
  ['author products update a published product: tagline', false],
  ['editor products create a product', true],
  ['editor products update a published product: status', true],
  ['admin products delete a published product', true],
  ['author products delete a published product', false],
  ['anonymous product_lines view a seeded line', true],
  ['author product_lines update a seeded line: name', false],
  ['editor product_lines update a seeded line: name', true],
  ['editor product_lines create with a site picture', false],
  ['editor product_lines update a seeded line: site picture kept', true],
  ['editor product_lines update a seeded line: site picture replaced by Mídia', true],
  ['editor product_lines update a seeded line: site picture changed', false],
  ['admin product_lines update a seeded line: site picture changed', false],
  ['anonymous datasheets view a datasheet', true],
  ['author datasheets create a datasheet', false],
  ['editor datasheets update a datasheet: description', true],
  ['author software delete a software', false],
  ['editor software delete a software', true],
  ['anonymous media view "author\'s upload"', true],
  ['anonymous contact_messages list a message', false],
  ['author newsletter_sends list a send', false],
  ['editor newsletter_sends list a send', true],
  ['admin newsletter_sends create a forged send', false],
  ['admin newsletter_sends update a send: requeue', false],
  ['author newsletter_deliveries list a delivery', false],
  ['editor newsletter_deliveries view a delivery', true],
  ['admin newsletter_deliveries update a delivery: send again', false],
  ['anonymous contact_messages create a message', true],
  ['anonymous newsletter_subscribers list a subscriber', false],
  ['author contact_messages list a message', false],
  ['author contact_messages view a message', false],
  ['author newsletter_subscribers list a subscriber', false],
  ['author newsletter_subscribers view a subscriber', false],
  ['editor contact_messages view a message', true],
  ['editor newsletter_subscribers list a subscriber', true],
  ['admin newsletter_subscribers view a subscriber', true],
  ['admin audit_logs view an audit row', true],
  ['admin audit_logs create forged row', false],
  ['admin audit_logs update an audit row: rewrite history', false],
  ['admin audit_logs delete an audit row', false],
  ['editor audit_logs list an audit row', false],
  ['inactive posts list published post', false],
  ['inactive contact_messages create a message', false],
  ['inactive posts create own draft', false],
  ['inactive media create image upload', false],
  ['inactive contact_messages list a message', false],
  ['anonymous comments create a comment', true],
  ['anonymous comments list pending comment', false],
  ['anonymous comments view approved comment', true],
  ['author comments list pending comment', false],
  ['author comments update approved comment: approve', false],
  ['author comments delete approved comment', false],
  ['editor comments update pending comment: approve', true],
  ['admin comments delete pending comment', true],
  ['inactive comments update pending comment: approve', false],
  ['author posts create for review', true],
  ['author posts create with a review note', false],
  ['author posts update "author\'s draft": send for review', true],
  ['author posts update "author\'s post in review": back to draft', true],
  ['author posts update "author\'s post in review": title', true],
  ['author posts update "author\'s post in review": publish', false],
  ['author posts update "author\'s post in review": schedule', false],
  ['author posts update "author\'s draft": review note', false],
  ['author posts update "other author\'s draft": send for review', false],
  ['editor posts update "author\'s post in review": back to draft', true],
  ['editor posts update "author\'s post in review": review note', true],
  ['editor posts update "author\'s post in review": publish', true],
  ['anonymous posts view "author\'s post in review"', false],
  ['author revisions view "revision of the author\'s post"', true],
  ['author revisions list "revision of another author\'s post"', false],
  ['author revisions view "revision of another author\'s post"', false],
  ['author revisions view revision of a page', false],
  ['editor revisions list revision of a page', true],
  ['editor revisions view "revision of another author\'s post"', true],
  ['admin revisions create forged revision', false],
  ['admin revisions update "revision of the author\'s post": rewrite history', false],
  ['admin revisions delete "revision of the author\'s post"', false],
  ['editor revisions delete revision of a page', false],
  ['anonymous revisions view "revision of the author\'s post"', false],
  ['inactive revisions view "revision of the author\'s post"', false],
];

test('the server makes the decisions the spec states', () => {
  const normalise = (key: string) => key.replace(/"/g, '');
  const missing = SPEC.filter(([key]) => !decisions.has(normalise(key))).map(([key]) => key);
  expect(missing, 'células da tabela SPEC que a matriz não executou').toEqual([]);
  const wrong = SPEC.filter(([key, allowed]) => decisions.get(normalise(key)) !== allowed).map(
    ([key, allowed]) => `${key}: esperado ${allowed}`,
  );
  expect(wrong).toEqual([]);
});

/**
 * Other spellings of a guarded field's key. Records take their fields by exact
 * name: `ROLE` is no field of users, and PocketBase drops it, while its own forms match
 * JSON keys whatever their case. So a guarded field sent as `ROLE`, `Is_active` or
 * `StAtUs` (JSON; multipart fields; multipart's `@jsonPayload`) must never change the
 * stored value: for every actor and every guarded field of a record the actor may not
 * change, each spelling is sent and the value is read back as the superuser. A control
 * first shows, for each field, that its exact key does change it (so a respelled key that
 * reached the field would be seen). Runs last: a spelling that got through could change
 * the staff accounts the matrix above uses.
 */
interface GuardedField {
  /** As in the matrix's labels: "another account: role". */
  label: string;
  collection: Collection;
  field: string;
  /** A fresh record for `who` to try (its own account for the "own account" cases); null: nothing to try. */
  target: (who: StaffMember) => Promise<{ id: string; facts: RecordFacts } | null>;
  /** The value to send: one the stored record does not have. */
  value: (stored: Record<string, unknown>) => unknown;
  /** Whether `who` may change the field with its exact key (then there is nothing to walk around). */
  may: (who: StaffMember, facts: RecordFacts, changes: Changes) => boolean;
  /** Who changes the field with its exact key in the control, on a fresh target. */
  control: () => Promise<PocketBase>;
}

/** A fresh active author account, for "another account" targets and the two-step control. */
async function otherAccount(): Promise<{ id: string; email: string }> {
  const email = `${unique('conta')}@exemplo.com.br`;
  const record = await su()
    .collection('users')
    .create({ email, password: PASSWORD, passwordConfirm: PASSWORD, role: 'author', is_active: true });
  return { id: record.id, email };
}

const onOtherAccount = async () => {
  const { id } = await otherAccount();
  return { id, facts: { id } };
};
const onOwnAccount = async (who: StaffMember) => (who.actor ? { id: who.actor.id, facts: { id: who.actor.id } } : null);
const mayUpdate =
  (collection: Collection) =>
  (who: StaffMember, facts: RecordFacts, changes: Changes): boolean =>
    allows(who.actor, collection, 'update', facts, changes);
const other = (id: unknown) => (id === s.otherAuthor.actor!.id ? s.author.actor!.id : s.otherAuthor.actor!.id);
const superuserClient = async () => su();

const GUARDED: GuardedField[] = [
  ...(
    [
      ['role', (stored: Record<string, unknown>) => (stored.role === 'editor' ? 'author' : 'editor')],
      ['is_active', (stored: Record<string, unknown>) => !stored.is_active],
      ['verified', (stored: Record<string, unknown>) => !stored.verified],
    ] as const
  ).flatMap(([field, value]) => [
    {
      label: `another account: ${field}`,
      collection: 'users' as const,
      field,
      target: onOtherAccount,
      value,
      may: mayUpdate('users'),
      control: async () => s.admin.client,
    },
    {
      label: `own account: ${field}`,
      collection: 'users' as const,
      field,
      target: onOwnAccount,
      // One's own role: up to admin (an admin's: down to editor).
      value: field === 'role' ? (stored: Record<string, unknown>) => (stored.role === 'admin' ? 'editor' : 'admin') : value,
      may: mayUpdate('users'),
      control: async () => s.admin.client,
    },
  ]),
  {
    label: 'another account: two-step switch',
    collection: 'users',
    field: 'two_step',
    target: onOtherAccount,
    value: (stored) => !stored.two_step,
    may: mayUpdate('users'),
    // Only the account itself turns its switch.
    control: async () => {
      const { email } = await otherAccount();
      return signIn(s.server, email);
    },
  },
  ...(
    [
      ['status', (stored: Record<string, unknown>) => (stored.status === 'published' ? 'draft' : 'published')],
      ['author', (stored: Record<string, unknown>) => other(stored.author)],
      ['published_at', () => '2020-01-01 00:00:00.000Z'],
      ['review_note', () => 'Nota forjada.'],
      ['author_name', () => 'Nome Forjado'],
    ] as const
  ).flatMap(([field, value]) =>
    [
      postTarget("author's draft", () => s.author.actor!.id, 'draft'),
      postTarget("other author's draft", () => s.otherAuthor.actor!.id, 'draft'),
      postTarget('published post', () => s.editor.actor!.id, 'published'),
    ].map((target) => ({
      label: `${target.label}: ${field}`,
      collection: 'posts' as const,
      field,
      target: () => target.make(),
      value,
      may: mayUpdate('posts'),
      control: async () => s.editor.client,
    })),
  ),
  // The upload's facts are the server's: nobody but a superuser changes them (pb_hooks/media.pb.js).
  ...[mediaTarget("author's upload", () => s.author.actor!.id), mediaTarget("editor's upload", () => s.editor.actor!.id)].map(
    (target) => ({
      label: `${target.label}: uploaded_by`,
      collection: 'media' as const,
      field: 'uploaded_by',
      target: () => target.make(),
      value: (stored: Record<string, unknown>) => other(stored.uploaded_by),
      may: () => false,
      control: superuserClient,
    }),
  ),
  {
    label: 'a seeded partner: site logo file',
    collection: 'partners',
    field: 'builtin_logo',
    target: async () => {
      const record = await su()
        .collection('partners')
        .create(partnerBody({ logo: '', builtin_logo: SITE_LOGO }));
      return { id: record.id, facts: { id: record.id, builtin_logo: SITE_LOGO } };
    },
    value: () => 'partners/senai.svg',
    may: mayUpdate('partners'),
    control: superuserClient,
  },
  {
    label: 'a seeded line: site picture',
    collection: 'product_lines',
    field: 'builtin_image',
    target: madeBy(
      'product_lines',
      () => lineBody({ image: '', builtin_image: SITE_PICTURE }),
      (id) => ({ id, builtin_image: SITE_PICTURE }),
    ),
    value: () => 'artwork/linha-m.png',
    may: mayUpdate('product_lines'),
    control: superuserClient,
  },
  {
    label: 'pending comment: status',
    collection: 'comments',
    field: 'status',
    target: async () => {
      const record = await su().collection('comments').create(commentBody());
      return { id: record.id, facts: { id: record.id, status: 'pending' } };
    },
    value: () => 'approved',
    may: mayUpdate('comments'),
    control: async () => s.editor.client,
  },
  {
    label: 'a send: status',
    collection: 'newsletter_sends',
    field: 'status',
    target: async () => {
      const record = await su().collection('newsletter_sends').create(finishedSend());
      return { id: record.id, facts: { id: record.id } };
    },
    // Cancelled, not queued: a send that got through must not wake the delivery worker.
    value: () => 'cancelled',
    may: mayUpdate('newsletter_sends'),
    control: superuserClient,
  },
];

/** The ways a key is sent under another spelling: each of caseVariants' in JSON, and in multipart (fields, @jsonPayload). */
function respelledRequests(field: string, value: unknown): { label: string; body: Changes | FormData }[] {
  const requests: { label: string; body: Changes | FormData }[] = caseVariants(field).map((spelling) => ({
    label: `JSON "${spelling}"`,
    body: { [spelling]: value },
  }));
  const upper = field.toUpperCase();
  const fields = new FormData();
  fields.append(upper, String(value));
  requests.push({ label: `multipart "${upper}"`, body: fields });
  const capitalised = field[0]!.toUpperCase() + field.slice(1);
  const payload = new FormData();
  payload.append('@jsonPayload', JSON.stringify({ [capitalised]: value }));
  requests.push({ label: `multipart @jsonPayload "${capitalised}"`, body: payload });
  return requests;
}

const storedValue = async (collection: Collection, id: string, field: string) =>
  (await su().collection(collection).getOne(id))[field] as unknown;

describe('other spellings of a guarded key never change the stored value', () => {
  test('control: the exact key does change each guarded field', async () => {
    const unchanged: string[] = [];
    const seen = new Set<string>();
    for (const guarded of GUARDED) {
      const key = `${guarded.collection}.${guarded.field}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const client = await guarded.control();
      // The two-step control is the account itself; the others act on a fresh target of their own.
      const made = guarded.field === 'two_step' ? { id: client.authStore.record!.id } : (await guarded.target(s.admin))!;
      const value = guarded.value(await su().collection(guarded.collection).getOne(made.id));
      const status = await statusOf(client.collection(guarded.collection).update(made.id, { [guarded.field]: value }));
      const after = await storedValue(guarded.collection, made.id, guarded.field);
      if (status !== 200 || JSON.stringify(after) !== JSON.stringify(value))
        unchanged.push(`${guarded.label}: HTTP ${status}, gravado ${JSON.stringify(after)}, enviado ${JSON.stringify(value)}`);
    }
    expect(unchanged).toEqual([]);
    expect(seen.size).toBe(14);
  }, 60_000);

  test.each(ACTORS)(
    '%s: a respelled key leaves every field it may not change as it was',
    async (actorName) => {
      const who = s[actorName];
      const changed: string[] = [];
      let tried = 0;
      for (const guarded of GUARDED) {
        const made = await guarded.target(who);
        if (!made) continue;
        const value = guarded.value(await su().collection(guarded.collection).getOne(made.id));
        if (guarded.may(who, made.facts, { [guarded.field]: value })) continue;
        const before = await storedValue(guarded.collection, made.id, guarded.field);
        for (const request of respelledRequests(guarded.field, value)) {
          tried++;
          const status = await statusOf(who.client.collection(guarded.collection).update(made.id, request.body));
          const after = await storedValue(guarded.collection, made.id, guarded.field);
          if (status >= 500 || JSON.stringify(after) !== JSON.stringify(before)) {
            changed.push(
              `${guarded.collection} ${guarded.label}, ${request.label}: HTTP ${status}, ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
            );
          }
        }
      }
      expect(changed).toEqual([]);
      expect(tried).toBeGreaterThan(20);
    },
    120_000,
  );
});
