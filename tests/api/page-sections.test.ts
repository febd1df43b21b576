/**
 * A page's typed sections on a real PocketBase (pb_hooks/lib/pages/sections.js): every
 * create and update, whoever sends it (an editor, an admin, the dashboard, a restored
 * revision), is refused with a pt-BR 400 on `content` naming the section and the field
 * when its sections break shared/page-sections.js, and a valid page of every type reads
 * back as sent. Also: who may change pages (with other spellings of the keys), the
 * audit row of each change, oversized pages, the built-in addresses a new page may not
 * take, and the migration that gives each page typed sections and a first revision.
 * Long on purpose: one server for the whole contract of a page's content (a table row
 * per rule of shared/page-sections.js, then who may write it and how it is upgraded),
 * so each rule is seen refused on create and on update, by every path, in one place.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGE_SECTION_LIMITS, SECTION_ID_PATTERN, SECTION_TYPES, emptySection } from '../../shared/page-sections.js';
import { postDeclaredBody } from '../helpers/declared-body';
import { png } from '../helpers/images';
import { caseVariants } from '../helpers/key-spellings';
import { history, unique } from '../helpers/records';
import { superuserToken, upgradedServer } from '../helpers/server';
import { newClient, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

type Section = Record<string, unknown>;
type FieldSpec = {
  kind: string;
  required?: boolean;
  min?: number;
  options?: { value: string }[];
  fields?: Record<string, FieldSpec>;
};

let ids = 0;
/** A section id as the admin makes them. */
const newId = () => `sec${Date.now().toString(36)}${(++ids).toString(36)}`;

const REQUIRED_VALUES: Record<string, unknown> = {
  text: 'Texto de uma linha',
  longtext: 'Primeiro parágrafo.\nSegundo parágrafo.',
  markdown: '**Texto** em Markdown.',
  link: '/contato',
};

/** The fields' required values filled in, as an editor would (lists get their minimum of items). */
function filled(fields: Record<string, FieldSpec>, values: Section) {
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind === 'list' && field.min) {
      values[name] = Array.from({ length: field.min }, () => filled(field.fields!, {}));
    } else if (field.kind === 'choices' && field.min) {
      values[name] = field.options!.slice(0, field.min).map((option) => option.value);
    } else if (field.kind === 'select') {
      values[name] ??= field.options![0]!.value;
    } else if (field.required) values[name] = REQUIRED_VALUES[field.kind];
  }
  return values;
}

/** A valid section of `type`: emptySection plus its required values. */
const section = (type: string, changes: Section = {}): Section => ({
  ...filled(
    SECTION_TYPES[type as keyof typeof SECTION_TYPES].fields as Record<string, FieldSpec>,
    emptySection(type as keyof typeof SECTION_TYPES, newId()),
  ),
  ...changes,
});

const pages = () => s.editor.client.collection('pages');
const draftPage = (content: unknown = { sections: [section('text')] }) =>
  pages().create({ name: unique('Página'), slug: `pagina-${Date.now().toString(36)}-${++ids}`, status: 'draft', content });

/** A file of the Mídia library, as the admin's image field picks it. */
async function uploadImage(): Promise<RecordModel> {
  const form = new FormData();
  form.append('file', new Blob([png()], { type: 'image/png' }), 'destaque.png');
  return s.editor.client.collection('media').create(form);
}

/** PocketBase's error of a call that must be a 400. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (failure: { status: number; response: { message: string; data: Record<string, { code: string; message: string }> } }) =>
      failure,
  );
  expect(error, 'the save was accepted').not.toBeNull();
  expect(error!.status).toBe(400);
  return error!.response;
}

/** The pt-BR message a refused save gives on `content`. */
async function contentRefusal(call: Promise<unknown>): Promise<string> {
  const response = await refusal(call);
  expect(Object.keys(response.data)).toEqual(['content']);
  expect(response.message).toBe(response.data.content!.message);
  return response.data.content!.message;
}

describe('a fresh server', () => {
  // First in this file, before its tests add pages: the site's pages the migrations
  // seed, each with the revision an editor's first
  // change can be undone to.
  test('every page it starts with has exactly one revision, holding the page as it is', async () => {
    for (const page of await s.superuser.collection('pages').getFullList()) {
      const revisions = await history(s.superuser, 'pages', page.id);
      expect(revisions, page.slug).toHaveLength(1);
      expect(revisions[0]!.data.content, page.slug).toEqual(page.content);
    }
  });
});

describe('a page of every section type', () => {
  test('is accepted as the admin builds it and reads back unchanged, published', async () => {
    const sections = Object.keys(SECTION_TYPES).map((type) => section(type));
    const page = await pages().create({ name: unique('Todas as seções'), status: 'published', content: { sections } });
    expect(page.content).toEqual({ sections });
    expect((await s.anonymous.client.collection('pages').getOne(page.id)).content).toEqual({ sections });
  });

  test('anchors, columns, options, images and lists within their limits are accepted', async () => {
    const image = await uploadImage();
    const sections = [
      section('boxes', {
        anchor: 'missao',
        column: 'left',
        items: Array.from({ length: 4 }, () => ({ title: 'Missão', text: 'Texto.' })),
      }),
      section('figures', {
        column: 'right',
        figures: ['clients', 'customProjects', 'yearsOfExperience', 'unitsMade', 'testedProducts'],
      }),
      section('hero', { primary_link: 'https://exemplo.com.br/loja', image: image.id, chat_message: 'Olá!' }),
      section('cards', { style: 'icons', tone: 'neutral', items: [{ title: 'CPU', description: 'Rápida.', icon: 'cpu' }] }),
    ];
    const page = await draftPage({ sections });
    expect(page.content).toEqual({ sections });
  });
});

describe('sections that break the schema are refused in pt-BR, naming the section and the field', () => {
  const text = (changes: Section = {}) => section('text', changes);
  const CASES: [string, () => unknown, string][] = [
    [
      'an unknown section type',
      () => ({ sections: [{ id: 'abcd1', type: 'carrossel' }] }),
      'Seção 1: tipo de seção desconhecido “carrossel”.',
    ],
    [
      'a missing required field',
      () => ({ sections: [text(), section('faq', { title: '' })] }),
      'Seção 2 (Perguntas frequentes): Título: preencha este campo.',
    ],
    [
      'a text past its max',
      () => ({ sections: [section('page_header', { title: 'x'.repeat(201) })] }),
      'Seção 1 (Cabeçalho da página): Título: no máximo 200 caracteres (tem 201).',
    ],
    [
      'a one-line text with a line break',
      () => ({ sections: [section('map', { title: 'Onde\nestamos' })] }),
      'Seção 1 (Mapa): Título: use uma linha só.',
    ],
    [
      'a javascript: link',
      () => ({ sections: [section('cta_box', { button_link: 'javascript:alert(1)' })] }),
      'Seção 1 (Quadro de chamada): Link do botão: use um caminho do site (/contato), uma âncora (#faq) ou um endereço https://.',
    ],
    [
      'an http:// link',
      () => ({ sections: [section('cta_box', { button_link: 'http://exemplo.com.br' })] }),
      'Seção 1 (Quadro de chamada): Link do botão: use um caminho do site (/contato), uma âncora (#faq) ou um endereço https://.',
    ],
    ['an unknown field', () => ({ sections: [text({ subtitle: 'Extra' })] }), 'Seção 1 (Texto): campo desconhecido “subtitle”.'],
    ['TITLE beside title', () => ({ sections: [text({ TITLE: 'Outro' })] }), 'Seção 1 (Texto): campo desconhecido “TITLE”.'],
    [
      'Type instead of type',
      () => {
        const { type, ...rest } = text();
        return { sections: [{ ...rest, Type: type }] };
      },
      'Seção 1: tipo de seção desconhecido “undefined”.',
    ],
    [
      'a field of a list item in another case',
      () => ({ sections: [section('steps', { items: [{ Title: 'Um', title: 'Um', description: 'Texto.' }] })] }),
      'Seção 1 (Etapas): Etapa 1: campo desconhecido “Title”.',
    ],
    [
      'a repeated section id',
      () => {
        const first = text();
        return { sections: [first, text({ id: first.id })] };
      },
      'Seção 2 (Texto): identificador repetido.',
    ],
    ['a malformed section id', () => ({ sections: [text({ id: 'Seção-1' })] }), 'Seção 1 (Texto): identificador inválido.'],
    [
      'a list past its max items',
      () => ({ sections: [section('boxes', { items: Array.from({ length: 5 }, () => ({ title: 'Quadro', text: 'Texto.' })) })] }),
      'Seção 1 (Quadros lado a lado): Quadros: no máximo 4.',
    ],
    [
      'an unknown option',
      () => ({ sections: [section('testimonials', { group: 'outros' })] }),
      'Seção 1 (Depoimentos): Quais depoimentos: opção desconhecida.',
    ],
    [
      `more than ${PAGE_SECTION_LIMITS.maxSections} sections`,
      () => ({ sections: Array.from({ length: PAGE_SECTION_LIMITS.maxSections + 1 }, () => text()) }),
      'A página tem 41 seções; o máximo é 40.',
    ],
    ['sections that are no list', () => ({ sections: { '0': text() } }), 'As seções da página devem ser uma lista.'],
    ['a section that is no object', () => ({ sections: ['Texto solto'] }), 'Seção 1: seção inválida.'],
    [
      'the old shape of a section',
      () => ({ sections: [{ heading: 'Quem somos', body: 'Texto.' }] }),
      'Seção 1: tipo de seção desconhecido “undefined”.',
    ],
    ['content that is a list', () => [text()], 'Conteúdo: envie um objeto com a lista de seções em “sections”.'],
    ['content that is a text', () => 'Quem somos', 'Conteúdo: envie um objeto com a lista de seções em “sections”.'],
    [
      'content without sections',
      () => ({ blocks: [] }),
      'Conteúdo: só a lista de seções (“sections”) é aceita; remova “blocks”.',
    ],
    [
      'Sections instead of sections',
      () => ({ Sections: [text()] }),
      'Conteúdo: só a lista de seções (“sections”) é aceita; remova “Sections”.',
    ],
    [
      'another key beside sections',
      () => ({ sections: [text()], html: '<script>alert(1)</script>' }),
      'Conteúdo: só a lista de seções (“sections”) é aceita; remova “html”.',
    ],
  ];

  test.each(CASES)('%s: on create and on update, nothing stored', async (_name, content, message) => {
    const name = unique('Recusada');
    expect(await contentRefusal(pages().create({ name, status: 'draft', content: content() }))).toBe(message);
    expect(
      await s.superuser.collection('pages').getList(1, 1, { filter: s.superuser.filter('name = {:name}', { name }) }),
    ).toMatchObject({
      totalItems: 0,
    });
    const page = await draftPage();
    expect(await contentRefusal(pages().update(page.id, { content: content() }))).toBe(message);
    expect((await pages().getOne(page.id)).content).toEqual(page.content);
  });

  test("an image that is no Mídia record; one in Mídia's trash is still served, so still accepted", async () => {
    const image = await uploadImage();
    const page = await draftPage({ sections: [section('hero', { image: image.id })] });
    const message =
      'Seção 1 (Destaque principal): Imagem (vazia: a ilustração do controlador): esta imagem não está na Mídia; escolha outra.';
    const missing = { sections: [section('hero', { image: 'abcdefghij12345' })] };
    expect(await contentRefusal(pages().create({ name: unique('Sem imagem'), content: missing }))).toBe(message);
    expect(await contentRefusal(pages().update(page.id, { content: missing }))).toBe(message);
    await s.editor.client.collection('media').delete(image.id);
    const renamed = unique('Renomeada');
    expect((await pages().update(page.id, { name: renamed })).name).toBe(renamed);
  });

  test('an update emptying the content is refused; a new draft without content gets empty sections', async () => {
    const page = await draftPage();
    expect(await contentRefusal(pages().update(page.id, { content: null }))).toBe(
      'Conteúdo: envie um objeto com a lista de seções em “sections”.',
    );
    const created = await pages().create({ name: unique('Sem conteúdo'), status: 'draft' });
    expect(created.content).toEqual({ sections: [] });
  });

  test('many problems: the first three, and how many more', async () => {
    const sections = [
      section('faq', { title: '' }),
      section('map', { title: '' }),
      section('partners', { title: '' }),
      section('steps', { title: '', items: [] }),
    ];
    expect(await contentRefusal(pages().create({ name: unique('Muitos problemas'), content: { sections } }))).toBe(
      'Seção 1 (Perguntas frequentes): Título: preencha este campo. Seção 2 (Mapa): Título: preencha este campo. ' +
        'Seção 3 (Parceiros): Título: preencha este campo. E mais 2 problemas.',
    );
  });

  test('an admin, a superuser in the dashboard and a restored revision are refused the same', async () => {
    const bad = { sections: [section('map', { title: 'Linha\nquebrada' })] };
    const message = 'Seção 1 (Mapa): Título: use uma linha só.';
    const page = await draftPage();
    expect(await contentRefusal(s.admin.client.collection('pages').update(page.id, { content: bad }))).toBe(message);
    expect(await contentRefusal(s.superuser.collection('pages').update(page.id, { content: bad }))).toBe(message);
    expect(await contentRefusal(s.superuser.collection('pages').create({ name: unique('Dashboard'), content: bad }))).toBe(
      message,
    );
    const [first] = await history(s.editor.client, 'pages', page.id);
    expect(await contentRefusal(pages().update(page.id, { content: bad, restored_from: first!.id }))).toBe(message);
    expect((await pages().getOne(page.id)).content).toEqual(page.content);
  });

  test('content under other spellings of its key changes nothing: PocketBase takes fields by exact name', async () => {
    const page = await draftPage();
    const bad = { sections: [{ id: 'abcd1', type: 'carrossel' }] };
    for (const key of caseVariants('content')) {
      const saved = await pages().update(page.id, { [key]: bad, status: 'draft' });
      expect(saved.content, key).toEqual(page.content);
    }
    // The exact key beside a variant: the exact one is the one checked and stored.
    const good = { sections: [section('text', { title: 'Válida' })] };
    expect((await pages().update(page.id, { content: good, Content: bad })).content).toEqual(good);
    expect(await contentRefusal(pages().update(page.id, { content: bad, CONTENT: good }))).toMatch(/^Seção 1: tipo de seção/);
  });

  test('publishing needs at least one section; a draft may have none', async () => {
    const empty = await draftPage({ sections: [] });
    expect(await contentRefusal(pages().update(empty.id, { status: 'published' }))).toBe(
      'Adicione conteúdo à página antes de publicá-la.',
    );
    const published = await pages().update(empty.id, { status: 'published', content: { sections: [section('contact_form')] } });
    expect(published.status).toBe('published');
    expect(await contentRefusal(pages().update(empty.id, { content: { sections: [] } }))).toBe(
      'Adicione conteúdo à página antes de publicá-la.',
    );
  });
});

describe('an oversized page gets a clear pt-BR refusal', () => {
  /** Text sections whose bodies fill `bytes` of JSON, each within its field's max. */
  const bulky = (count: number, letter: string) => ({
    sections: Array.from({ length: count }, () => section('text', { body: letter.repeat(19_000) })),
  });

  test('content past the collection field’s maxSize, counted in bytes as PocketBase counts them', async () => {
    const pagesCollection = await s.superuser.collections.getOne('pages');
    const field = pagesCollection.fields.find((candidate) => candidate.name === 'content') as unknown as { maxSize: number };
    // 6 × 19,000 "ã": 114,000 characters, under the limit; 228,000 bytes, over it.
    const content = bulky(6, 'ã');
    expect(JSON.stringify(content).length).toBeLessThan(field.maxSize);
    const limit = `o limite é de ${Math.floor(field.maxSize / 1024)} KB. Encurte ou remova seções.`;
    const message = await contentRefusal(pages().create({ name: unique('Grande'), content }));
    expect(message).toMatch(/^O conteúdo da página é grande demais: tem 2\d\d KB, e /);
    expect(message.endsWith(limit)).toBe(true);
    const page = await draftPage();
    expect(await contentRefusal(pages().update(page.id, { content: bulky(11, 'a') }))).toMatch(
      /^O conteúdo da página é grande demais/,
    );
    // A few megabytes in one section: the size is what is said, not the section's own limit.
    const huge = { sections: [section('text', { body: 'x'.repeat(3_000_000) })] };
    expect(await contentRefusal(pages().update(page.id, { content: huge }))).toMatch(
      /^O conteúdo da página é grande demais: tem \d+ KB/,
    );
    expect((await pages().getOne(page.id)).content).toEqual(page.content);
  });

  test("a draft's name, SEO title or description past its max: the field's own pt-BR message", async () => {
    const page = await draftPage();
    for (const [field, value, message] of [
      ['name', 'n'.repeat(121), 'Nome: use de 2 a 120 caracteres (agora são 121).'],
      ['title', 't'.repeat(121), 'Título SEO: use no máximo 120 caracteres.'],
      ['meta_description', 'd'.repeat(321), 'Meta descrição: use no máximo 320 caracteres.'],
    ] as const) {
      const created = await refusal(
        pages().create({ name: unique('Longa'), slug: `longa-${++ids}`, status: 'draft', [field]: value }),
      );
      expect(created.data[field]?.message, field).toBe(message);
      const updated = await refusal(pages().update(page.id, { [field]: value }));
      expect(Object.keys(updated.data), field).toEqual([field]);
      expect(updated.data[field]?.message, field).toBe(message);
    }
  });

  test('a section past its own JSON limit', async () => {
    const long = section('text', { body: 'z'.repeat(PAGE_SECTION_LIMITS.maxSectionChars) });
    expect(await contentRefusal(pages().create({ name: unique('Seção longa'), content: { sections: [long] } }))).toBe(
      `Seção 1 (Texto): a seção passa de ${PAGE_SECTION_LIMITS.maxSectionChars} caracteres.`,
    );
    const full = section('text', { title: 'x'.repeat(200), note: 'n'.repeat(120), body: 'z'.repeat(20_000) });
    expect((await draftPage({ sections: [full] })).content).toEqual({ sections: [full] });
  });

  test('a body past the server’s request limit: 413 in pt-BR, before it is read', async () => {
    const answer = await postDeclaredBody(s.server.url, '/api/collections/pages/records', {
      length: 64 * 1024 * 1024,
      start: '{"name":',
      headers: { Authorization: s.editor.client.authStore.token },
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('O conteúdo enviado é grande demais para o servidor.');
  });
});

describe('addresses of built-in routes are refused to a new page too', () => {
  const slugRefusal = async (call: Promise<unknown>) => {
    const response = await refusal(call);
    return response.data.slug?.message;
  };

  test.each(['blog', 'produtos', 'admin', 'busca'])('/%s', async (slug) => {
    const name = unique('Rota do site');
    expect(await slugRefusal(pages().create({ name, slug, status: 'draft' }))).toBe(
      `O endereço /${slug} já é uma página do site; escolha outro slug.`,
    );
    expect(
      await slugRefusal(
        s.admin.client.collection('pages').create({ name, slug, status: 'published', content: { sections: [section('text')] } }),
      ),
    ).toBe(`O endereço /${slug} já é uma página do site; escolha outro slug.`);
    expect(
      await s.superuser.collection('pages').getList(1, 1, { filter: s.superuser.filter('name = {:name}', { name }) }),
    ).toMatchObject({
      totalItems: 0,
    });
  });

  test('other spellings of the slug are no way around it: the slug rule refuses them', async () => {
    for (const slug of ['Blog', ' BLOG ', 'blog ', 'PRODUTOS']) {
      expect(await slugRefusal(pages().create({ name: unique('Variante'), slug }))).toBe(
        'Slug: use apenas letras minúsculas e números separados por hífens.',
      );
    }
  });

  test('a name that makes a built-in slug is refused with the same message', async () => {
    expect(await slugRefusal(pages().create({ name: 'Blog' }))).toBe(
      'O endereço /blog já é uma página do site; escolha outro slug.',
    );
  });
});

describe('who may change pages', () => {
  const body = () => ({ name: unique('Página da equipe'), status: 'draft', content: { sections: [section('text')] } });
  const count = async () => (await s.superuser.collection('pages').getList(1, 1)).totalItems;

  test('anonymous visitors read published pages only', async () => {
    const draft = await draftPage();
    const published = await pages().create({ ...body(), status: 'published' });
    const visitor = newClient(s.server).collection('pages');
    expect(await statusOf(visitor.getOne(draft.id))).toBe(404);
    expect((await visitor.getOne(published.id)).content).toEqual(published.content);
    const listed = await visitor.getFullList({ fields: 'id,status' });
    expect(listed.map((page) => page.id)).toContain(published.id);
    expect(listed.every((page) => page.status === 'published')).toBe(true);
    expect(await statusOf(visitor.create(body()))).not.toBe(200);
    expect(await statusOf(visitor.update(published.id, { name: 'Invadida' }))).toBe(404);
    expect(await statusOf(visitor.delete(published.id))).toBe(404);
  });

  test('an author cannot create, update or delete a page, whatever the spelling of the keys', async () => {
    const page = await pages().create({ ...body(), status: 'published' });
    const author = s.author.client.collection('pages');
    const before = await count();
    for (const key of ['content', ...caseVariants('content'), 'status', ...caseVariants('status')]) {
      const value = /content/i.test(key) ? { sections: [section('text', { title: 'Do autor' })] } : 'published';
      expect(await statusOf(author.create({ ...body(), [key]: value })), key).not.toBe(200);
      expect(await statusOf(author.update(page.id, { [key]: value })), key).toBe(404);
    }
    expect(await statusOf(author.delete(page.id))).toBe(404);
    expect(await count()).toBe(before);
    expect(await pages().getOne(page.id)).toMatchObject({ content: page.content, status: 'published', name: page.name });
  });

  test('an inactive editor cannot either', async () => {
    const page = await draftPage();
    const inactive = s.inactive.client.collection('pages');
    expect(await statusOf(inactive.create(body()))).toBe(403);
    expect(await statusOf(inactive.update(page.id, { content: { sections: [] } }))).toBe(403);
    expect(await statusOf(inactive.delete(page.id))).toBe(403);
  });

  test('an editor and an admin create, update and delete, each change with its audit row', async () => {
    for (const who of [s.editor, s.admin]) {
      const client = who.client.collection('pages');
      const created = await client.create(body());
      const sections = [section('faq', { title: 'Dúvidas' })];
      await client.update(created.id, { content: { sections } });
      await client.delete(created.id);
      const rows = await s.admin.client
        .collection('audit_logs')
        .getFullList({ filter: s.admin.client.filter('record_id = {:id}', { id: created.id }), sort: 'created' });
      expect(rows.map((row) => [row.table_name, row.action, row.user])).toEqual([
        ['pages', 'INSERT', who.actor!.id],
        ['pages', 'UPDATE', who.actor!.id],
        ['pages', 'DELETE', who.actor!.id],
      ]);
      expect(rows[1]!.old_values).toMatchObject({ content: created.content });
      expect(rows[1]!.new_values).toMatchObject({ content: { sections } });
    }
  });

  test('a refused save leaves no audit row and no revision', async () => {
    const page = await draftPage();
    await contentRefusal(pages().update(page.id, { content: { sections: [{ id: 'abcd1', type: 'x' }] } }));
    const rows = await s.admin.client
      .collection('audit_logs')
      .getFullList({ filter: s.admin.client.filter('record_id = {:id}', { id: page.id }) });
    expect(rows.map((row) => row.action)).toEqual(['INSERT']);
    expect(await history(s.editor.client, 'pages', page.id)).toHaveLength(1);
  });
});

describe('each page’s first revision (pb_migrations/1795310900_page_sections_revisions.js)', () => {
  const MIGRATION = '1795310900_page_sections_revisions.js';

  test('an upgraded site: old sections become text sections, each page gets its first revision, which brings the page back exactly', async () => {
    const old = {
      sections: [
        { heading: 'Quem somos', body: 'Uma empresa de **Joinville**.\n\nDesde 2010.' },
        { heading: 'Missão\nem duas linhas', body: '' },
        { body: 'Só texto.' },
        'solto',
        null,
      ],
      extra: 'fora do lugar',
    };
    const typed = { sections: [{ id: 'abcd1', type: 'faq', title: 'Perguntas' }] };
    // Pages as the admin wrote them before typed sections (this version's hooks refuse the old shape).
    const { server, stop } = await upgradedServer(MIGRATION, (db) => {
      const insert = db.prepare(
        "INSERT INTO pages (id, name, slug, title, meta_description, content, status, is_homepage, old_slugs, in_header, in_footer, menu_order, created, updated) VALUES (?, ?, ?, '', '', ?, ?, 0, '[]', 0, 0, 0, '2025-01-01 00:00:00.000Z', '2025-01-01 00:00:00.000Z')",
      );
      insert.run('paginaantiga001', 'Quem somos', 'sobre-nos', JSON.stringify(old), 'published');
      insert.run('paginavazia0001', 'Vazia', 'vazia', '', 'draft');
      insert.run('paginatipada001', 'Tipada', 'tipada', JSON.stringify(typed), 'published');
      // A page edited in the admin before: its history holds versions of the old shape.
      insert.run('paginacomhist01', 'Com histórico', 'com-historico', JSON.stringify({ sections: [] }), 'draft');
      db.prepare(
        "INSERT INTO revisions (id, collection, record, kind, data, editor, editor_name, owner, summary, published, restored_from, created) VALUES ('revisaoantiga1', 'pages', 'paginacomhist01', 'update', ?, '', 'Editora', '', 'conteúdo', 0, '', '2025-01-01 00:00:00.000Z')",
      ).run(JSON.stringify({ name: 'Com histórico', content: { sections: [{ heading: 'Antes', body: 'Versão antiga.' }] } }));
    });
    try {
      const superuser = newClient(server);
      superuser.authStore.save(await superuserToken(server));
      const converted = await superuser.collection('pages').getOne('paginaantiga001');
      const sections = converted.content.sections as Section[];
      expect(Object.keys(converted.content)).toEqual(['sections']);
      expect(sections).toEqual([
        {
          id: expect.stringMatching(new RegExp(SECTION_ID_PATTERN)),
          type: 'text',
          title: 'Quem somos',
          body: 'Uma empresa de **Joinville**.\n\nDesde 2010.',
          style: 'plain',
        },
        {
          id: expect.stringMatching(new RegExp(SECTION_ID_PATTERN)),
          type: 'text',
          title: 'Missão em duas linhas',
          body: '',
          style: 'plain',
        },
        { id: expect.stringMatching(new RegExp(SECTION_ID_PATTERN)), type: 'text', title: '', body: 'Só texto.', style: 'plain' },
      ]);
      expect(new Set(sections.map(({ id }) => id)).size).toBe(3);
      expect((await superuser.collection('pages').getOne('paginavazia0001')).content).toEqual({ sections: [] });
      expect((await superuser.collection('pages').getOne('paginatipada001')).content).toEqual(typed);

      const pagesOnServer = await superuser.collection('pages').getFullList();
      for (const page of pagesOnServer) {
        const revisions = await history(superuser, 'pages', page.id);
        expect(revisions, page.slug).toHaveLength(1);
        if (page.id === 'paginacomhist01') continue; // it had its history already
        expect(revisions[0]!.data.content, page.slug).toEqual(page.content);
        // Those the server had before (a seeded page may have its own from the seed).
        if (page.id.startsWith('pagina'))
          expect(revisions[0]).toMatchObject({ kind: 'create', summary: 'versão inicial', editor: '' });
      }

      // An editor's change, then the first revision restored: the content as it was, exactly.
      await superuser.collection('users').create({
        email: 'editora@exemplo.com.br',
        password: 'Senha-Forte-123',
        passwordConfirm: 'Senha-Forte-123',
        role: 'editor',
        is_active: true,
        full_name: 'Editora',
      });
      const editor = newClient(server);
      await editor.collection('users').authWithPassword('editora@exemplo.com.br', 'Senha-Forte-123');
      const edited: Section[] = [{ ...sections[0]!, title: 'Quem somos nós' }, section('cta_box')];
      await editor.collection('pages').update(converted.id, { content: { sections: edited } });
      const [latest, first] = await history(editor, 'pages', converted.id);
      expect(latest!.data.content).toEqual({ sections: edited });
      const restored: RecordModel = await editor
        .collection('pages')
        .update(converted.id, { content: first!.data.content, restored_from: first!.id });
      // The same JSON (a save through the API writes an object's keys in its own order).
      expect(restored.content).toStrictEqual(converted.content);
      expect((await superuser.collection('pages').getOne(converted.id)).content).toStrictEqual(converted.content);
      expect((await history(editor, 'pages', converted.id))[0]).toMatchObject({ kind: 'restore', restored_from: first!.id });

      // A version of the old shape restored: its sections converted as the upgrade converted the pages'.
      const [older] = await history(editor, 'pages', 'paginacomhist01');
      expect(older!.id).toBe('revisaoantiga1');
      const back = await editor
        .collection('pages')
        .update('paginacomhist01', { content: older!.data.content, restored_from: older!.id });
      expect(back.content).toEqual({
        sections: [
          {
            id: expect.stringMatching(new RegExp(SECTION_ID_PATTERN)),
            type: 'text',
            title: 'Antes',
            body: 'Versão antiga.',
            style: 'plain',
          },
        ],
      });
      // Anywhere else, the old shape is refused.
      expect(
        await contentRefusal(editor.collection('pages').update('paginacomhist01', { content: older!.data.content })),
      ).toMatch(/^Seção 1: tipo de seção desconhecido/);
    } finally {
      await stop();
    }
  });
});
