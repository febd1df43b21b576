/** Server-side rules on content: slugs, defaults, validation with clear 400s, upload limits. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newClient, startStaffServer, type StaffServer } from '../helpers/staff';
import { contactMessage } from '../helpers/contact-message';
import rules from '../../shared/content-rules.json';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

/** Runs a call that must fail with 400 and returns PocketBase's error body. */
async function badRequest(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (failure) => failure,
  );
  expect(error, 'a chamada deveria falhar').not.toBeNull();
  expect(error.status).toBe(400);
  return error.response as { message: string; data: Record<string, { code: string; message: string }> };
}

const count = async (collection: string) => (await s.superuser.collection(collection).getList(1, 1)).totalItems;

describe('one limit for a post body', () => {
  test('the posts collection refuses a body over the limit the admin checks (shared/content-rules.json)', async () => {
    const posts = await s.superuser.collections.getOne('posts');
    const content = posts.fields.find((field) => field.name === 'content') as { max?: number } | undefined;
    expect(content?.max).toBe(rules.posts.content.max);
  });
});

describe('posts and pages', () => {
  test('derive the slug from the title (accents, punctuation, spaces) and keep it unique', async () => {
    const first = await s.editor.client
      .collection('posts')
      .create({ title: 'Instalação do ESP32: Guia Rápido!', category: 'Tutoriais' });
    expect(first).toMatchObject({ slug: 'instalacao-do-esp32-guia-rapido', status: 'draft', author: s.editor.actor!.id });
    const second = await s.editor.client
      .collection('posts')
      .create({ title: 'Instalação do ESP32 — guia rápido', category: 'Tutoriais' });
    expect(second.slug).toBe('instalacao-do-esp32-guia-rapido-2');
  });

  test('refuse a chosen slug that is taken or malformed', async () => {
    const taken = await badRequest(
      s.editor.client
        .collection('posts')
        .create({ title: 'Outro', slug: 'instalacao-do-esp32-guia-rapido', category: 'Técnico' }),
    );
    expect(taken.data.slug!.code).toBe('validation_not_unique');
    await badRequest(s.editor.client.collection('posts').create({ title: 'Outro', slug: 'Com Espaços', category: 'Técnico' }));
  });

  test('publish the author name with the post, since user records are private', async () => {
    const post = await s.editor.client
      .collection('posts')
      .create({ title: 'Assinado pelo autor', category: 'Técnico', status: 'published' });
    expect(post.author_name).toBe('editor@exemplo.com.br');
    const visible = await s.anonymous.client.collection('posts').getOne(post.id);
    expect(visible.author_name).toBe('editor@exemplo.com.br');
  });

  test('stamp the publication time when a post is published', async () => {
    const post = await s.editor.client
      .collection('posts')
      .create({ title: 'Publicado agora', category: 'Negócios', status: 'published' });
    expect(Date.now() - new Date(post.published_at.replace(' ', 'T')).getTime()).toBeLessThan(60_000);
  });

  test('create pages with a slug from the name and empty sections', async () => {
    const page = await s.editor.client.collection('pages').create({ name: 'Política de Garantia', status: 'draft' });
    expect(page).toMatchObject({ slug: 'politica-de-garantia', content: { sections: [] } });
  });
});

describe("the site's content rules guard the door (shared/content-rules.json)", () => {
  test('publishing a post the build would refuse is a 400 naming each field in pt-BR', async () => {
    const before = await count('posts');
    const refused = await badRequest(
      s.editor.client.collection('posts').create({
        title: 'Abc',
        excerpt: 'Curto.',
        category: 'Técnico',
        tags: JSON.stringify(['ok', 'x'.repeat(41)]),
        status: 'published',
      }),
    );
    expect(Object.keys(refused.data).sort()).toEqual(['excerpt', 'tags', 'title']);
    expect(refused.data.title!.message).toBe('Título: use de 5 a 200 caracteres (agora são 3).');
    expect(refused.data.excerpt!.message).toBe('Resumo: use de 10 a 500 caracteres (agora são 6).');
    expect(refused.data.tags!.message).toMatch(/^Tags: cada tag tem de 1 a 40 caracteres/);
    expect(await count('posts')).toBe(before);
  });

  test('a draft may be unfinished, but not be published or scheduled so', async () => {
    const draft = await s.editor.client.collection('posts').create({ title: 'Abc', category: 'Técnico' });
    const refused = await badRequest(s.editor.client.collection('posts').update(draft.id, { status: 'published' }));
    expect(refused.data.title!.message).toMatch(/^Título: /);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await badRequest(s.editor.client.collection('posts').update(draft.id, { status: 'scheduled', published_at: future }));
    expect((await s.editor.client.collection('posts').getOne(draft.id)).status).toBe('draft');
    const fixed = await s.editor.client
      .collection('posts')
      .update(draft.id, { title: 'Título corrigido', excerpt: 'Um resumo com tamanho suficiente.', status: 'published' });
    expect(fixed.status).toBe('published');
  });

  test('an edit that breaks a published post is refused, also from the superuser dashboard', async () => {
    const published = await s.editor.client.collection('posts').create({
      title: 'Publicado e correto',
      excerpt: 'Um resumo com tamanho suficiente.',
      category: 'Técnico',
      status: 'published',
    });
    const refused = await badRequest(s.superuser.collection('posts').update(published.id, { excerpt: 'Curto.' }));
    expect(refused.data.excerpt!.message).toMatch(/^Resumo: /);
  });

  test('publishing a page the build would refuse is a 400 naming the field', async () => {
    const refused = await badRequest(
      s.editor.client.collection('pages').create({
        name: 'Página',
        meta_description: 'a'.repeat(321),
        status: 'published',
        content: { sections: [{ id: 'secao1', type: 'text', title: 'Seção', body: 'Texto.' }] },
      }),
    );
    expect(Object.keys(refused.data)).toEqual(['meta_description']);
    expect(refused.data.meta_description!.message).toBe('Meta descrição: use no máximo 320 caracteres.');
  });
});

describe('a page shown at its own address needs content', () => {
  const pages = () => s.editor.client.collection('pages');

  test('publishing it with no section is a 400 in pt-BR naming the content; as a draft it saves', async () => {
    const refused = await badRequest(pages().create({ name: 'Parceiros vazia', status: 'published', content: { sections: [] } }));
    expect(refused.data.content!.message).toBe('Adicione conteúdo à página antes de publicá-la.');
    const draft = await pages().create({ name: 'Parceiros rascunho', status: 'draft', content: { sections: [] } });
    expect(await badRequest(pages().update(draft.id, { status: 'published' }))).toMatchObject({
      message: 'Adicione conteúdo à página antes de publicá-la.',
    });
    const published = await pages().update(draft.id, {
      status: 'published',
      content: { sections: [{ id: 'como1', type: 'text', title: 'Como funciona', body: 'Texto.' }] },
    });
    expect(published.status).toBe('published');
    // Emptying a published page is refused too.
    await badRequest(pages().update(draft.id, { content: { sections: [] } }));
  });

  // A new page cannot take a built-in route's address (tests/api/page-sections.test.ts).
  test('a page lending its SEO to the home page may be empty', async () => {
    const home = await pages().create({
      name: 'Início SEO',
      slug: 'inicio-seo',
      is_homepage: true,
      status: 'published',
      content: { sections: [] },
    });
    expect(home.status).toBe('published');
  });
});

describe('bad input gets a clear 400 and stores nothing', () => {
  const contact = contactMessage();

  test('the contact form: missing fields, wrong options, oversized text, markup', async () => {
    const before = await count('contact_messages');
    const visitor = newClient(s.server).collection('contact_messages');
    const missing = await badRequest(visitor.create({ ...contact, email: '' }));
    expect(missing.data.email!.code).toBe('validation_required');
    const option = await badRequest(visitor.create({ ...contact, has_machine: 'talvez' }));
    expect(option.data.has_machine!.code).toBe('validation_invalid_value');
    const long = await badRequest(visitor.create({ ...contact, message: 'x'.repeat(5001) }));
    expect(long.data.message!.code).toBe('validation_max_text_constraint');
    const script = await badRequest(visitor.create({ ...contact, company: 'Olá <script>alert(1)</script> Ltda' }));
    expect(script.data.company!.message).toBe('Este campo não aceita marcação HTML (como <script>).');
    await badRequest(visitor.create({ ...contact, website: 'http://spam.example' }));
    expect(await count('contact_messages')).toBe(before);
    expect(await visitor.create(contact)).toMatchObject({ name: 'Maria Cliente' });
  });

  test("the contact form's message takes a developer's text as typed: code is text, not markup", async () => {
    const visitor = newClient(s.server).collection('contact_messages');
    const message = 'Meu sketch trava quando x < y && y > 0:\n#include <Wire.h>\n<script>alert(1)</script>';
    const created = await visitor.create({ ...contact, message });
    expect((await s.superuser.collection('contact_messages').getOne(created.id)).message).toBe(message);
    const control = await badRequest(visitor.create({ ...contact, message: 'Texto com \u202Econtrole escondido.' }));
    expect(control.data.message!.message).toBe('Este campo contém caracteres de controle não permitidos.');
  });

  test('posts, pages and settings', async () => {
    const before = await count('posts');
    await badRequest(s.editor.client.collection('posts').create({ title: 'Sem categoria' }));
    await badRequest(s.editor.client.collection('posts').create({ title: 'Categoria errada', category: 'Esportes' }));
    await badRequest(s.editor.client.collection('posts').create({ title: '<img src=x onerror=alert(1)>', category: 'Técnico' }));
    await badRequest(s.editor.client.collection('posts').create({ title: 'x'.repeat(201), category: 'Técnico' }));
    expect(await count('posts')).toBe(before);

    await badRequest(s.editor.client.collection('pages').create({ name: 'Página', status: 'arquivada' }));
    // Pages have no scheduling: draft and published only.
    const draft = await s.editor.client.collection('pages').create({ name: 'Página sem agenda', status: 'draft' });
    await badRequest(s.editor.client.collection('pages').update(draft.id, { status: 'scheduled' }));
    expect((await s.editor.client.collection('pages').getOne(draft.id)).status).toBe('draft');
    const email = await s.admin.client.collection('public_site_settings').getFirstListItem('key = "contact_email"');
    const wrong = await badRequest(s.admin.client.collection('public_site_settings').update(email.id, { value: 'não é e-mail' }));
    expect(wrong.data.value!.message).toBe('Informe um e-mail válido.');
    await badRequest(s.admin.client.collection('public_site_settings').create({ key: 'chave_inventada', value: 'x' }));
    const social = await s.admin.client.collection('public_site_settings').getFirstListItem('key = "social_youtube"');
    await badRequest(s.admin.client.collection('public_site_settings').update(social.id, { value: 'javascript:alert(1)' }));
    expect((await s.admin.client.collection('public_site_settings').getOne(email.id)).value).toBe(email.value);
  });
});

describe('media uploads', () => {
  const upload = (bytes: Uint8Array<ArrayBuffer> | string, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    return s.author.client.collection('media').create(form);
  };

  test('store the facts of the upload from the file itself', async () => {
    const media = await upload('conteúdo de texto', 'Leia-me.txt', 'text/plain');
    expect(media).toMatchObject({
      original_filename: 'Leia-me.txt',
      file_size: Buffer.byteLength('conteúdo de texto'),
      mime_type: 'text/plain',
      uploaded_by: s.author.actor!.id,
    });
  });

  test('refuse a file over 10 MB', async () => {
    const before = await count('media');
    const error = await badRequest(upload(new Uint8Array(10 * 1024 * 1024 + 1), 'grande.pdf', 'application/pdf'));
    expect(error.data.file!.code).toBe('validation_file_size_limit');
    expect(await count('media')).toBe(before);
  });

  test('refuse a forbidden type, also when disguised by its name', async () => {
    const before = await count('media');
    const html = await badRequest(upload('<html><script>alert(1)</script></html>', 'pagina.html', 'text/html'));
    expect(html.data.file!.code).toBe('validation_invalid_mime_type');
    await badRequest(
      upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'imagem.png', 'image/png'),
    );
    await badRequest(upload(new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]), 'programa.exe', 'application/octet-stream'));
    expect(await count('media')).toBe(before);
  });
});
