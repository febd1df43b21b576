import { describe, expect, test } from 'vitest';
import type { Actor } from '../../src/lib/permissions';
import {
  SCHEDULE_IN_PAST,
  SCHEDULE_REQUIRED,
  SLUG_MESSAGE,
  followSlug,
  formatTags,
  parseDateTime,
  parseTags,
  scheduleError,
  statusChoices,
  toDateTimeLocal,
  toPostBody,
  validateSlug,
} from '../../src/admin/posts/postRules';
import { PAGE_STATUS_CHOICES, metaDescriptionCount, publishError, toPageBody } from '../../src/admin/pages/pageRules';

const actor = (role: string): Actor => ({ id: `${role}-1`, role, isActive: true });
const NOW = new Date('2030-05-10T12:00:00Z');

describe('post status choices', () => {
  test('authors get Rascunho and Em revisão; editors and admins also Publicado and Agendado', () => {
    expect(statusChoices(actor('author'))).toEqual([
      { id: 'draft', name: 'Rascunho' },
      { id: 'review', name: 'Em revisão' },
    ]);
    for (const role of ['editor', 'admin'])
      expect(statusChoices(actor(role))).toEqual([
        { id: 'draft', name: 'Rascunho' },
        { id: 'review', name: 'Em revisão' },
        { id: 'published', name: 'Publicado' },
        { id: 'scheduled', name: 'Agendado' },
      ]);
    expect(statusChoices(null).map((choice) => choice.id)).toEqual(['draft', 'review']);
  });
});

describe('scheduling', () => {
  test("a scheduled post or page needs a date-time, in the future, with the server's messages", () => {
    expect(SCHEDULE_REQUIRED).toBe('Informe a data e a hora da publicação agendada.');
    expect(SCHEDULE_IN_PAST).toBe('A publicação agendada precisa ser em uma data e hora futuras.');
    expect(scheduleError('scheduled', '', NOW)).toBe(SCHEDULE_REQUIRED);
    expect(scheduleError('scheduled', 'não é data', NOW)).toBe(SCHEDULE_REQUIRED);
    expect(scheduleError('scheduled', '2030-05-10 11:59:00.000Z', NOW)).toBe(SCHEDULE_IN_PAST);
    expect(scheduleError('scheduled', '2030-05-10 12:01:00.000Z', NOW)).toBeUndefined();
    expect(scheduleError('draft', '', NOW)).toBeUndefined();
    expect(scheduleError('published', '2000-01-01', NOW)).toBeUndefined();
  });

  test('reads PocketBase dates and the date-time input, and writes the input back, in Brasília time in any zone', () => {
    const originalTz = process.env.TZ;
    try {
      for (const zone of ['UTC', 'Asia/Tokyo', 'America/Sao_Paulo']) {
        process.env.TZ = zone;
        expect(parseDateTime('2030-01-02 13:05:00.000Z')?.toISOString(), zone).toBe('2030-01-02T13:05:00.000Z');
        const typed = parseDateTime('2030-01-02T10:05');
        expect(typed?.toISOString(), zone).toBe('2030-01-02T13:05:00.000Z');
        expect(typed && toDateTimeLocal(typed), zone).toBe('2030-01-02T10:05');
        // 23:30 in Brasília is still that day there, and in the input.
        expect(toDateTimeLocal(parseDateTime('2030-01-03 02:30:00.000Z')), zone).toBe('2030-01-02T23:30');
      }
    } finally {
      if (originalTz === undefined) delete process.env.TZ;
      else process.env.TZ = originalTz;
    }
    expect(toDateTimeLocal(null)).toBe('');
    expect(parseDateTime('')).toBeNull();
  });
});

describe('tags', () => {
  test('typed text becomes a clean list; stored lists show as text', () => {
    expect(parseTags(' esp32, Automação ,ESP32,, ')).toEqual(['esp32', 'Automação']);
    expect(parseTags(['a', 1, ' b  c '])).toEqual(['a', 'b c']);
    expect(parseTags(undefined)).toEqual([]);
    expect(formatTags(['esp32', 'automação'])).toBe('esp32, automação');
    expect(formatTags('esp32, ')).toBe('esp32, ');
    expect(formatTags(null)).toBe('');
  });
});

describe('slugs', () => {
  test('empty is fine (the server derives one); otherwise the server pattern', () => {
    expect(validateSlug('')).toBeUndefined();
    expect(validateSlug('guia-esp32-2024')).toBeUndefined();
    expect(validateSlug('Guia ESP32')).toBe(SLUG_MESSAGE);
    expect(validateSlug('guia--esp32')).toBe(SLUG_MESSAGE);
    expect(validateSlug('-guia')).toBe(SLUG_MESSAGE);
  });

  test('the slug follows its source until edited by hand', () => {
    expect(followSlug('', '', 'Instalação do ESP32: Guia Rápido!')).toBe('instalacao-do-esp32-guia-rapido');
    expect(followSlug('instalacao', 'instalacao', 'Instalação do ESP32')).toBe('instalacao-do-esp32');
    expect(followSlug('meu-slug', 'instalacao', 'Instalação do ESP32')).toBeNull();
    expect(followSlug('', null, 'Qualquer')).toBeNull();
  });
});

describe('the post body sent to PocketBase', () => {
  const values = {
    title: '  Guia  ',
    slug: 'guia',
    excerpt: ' Resumo ',
    content: '**x**',
    category: 'Técnico',
    tags: 'a, b',
    status: 'published',
    cover: 'capa.jpg',
    published_at: '',
  };

  test('sends only the editable fields; tags as JSON text; the stored cover untouched', () => {
    const body = toPostBody({ ...values, ...{ author: 'x', author_name: 'y', created: 'z' } } as never, {
      actor: actor('editor'),
    });
    expect(body).toEqual({
      title: 'Guia',
      slug: 'guia',
      excerpt: 'Resumo',
      content: '**x**',
      category: 'Técnico',
      tags: '["a","b"]',
      status: 'published',
      review_note: '',
    });
  });

  test('an author sends a draft or a post for review, never a publication', () => {
    expect(toPostBody(values, { actor: actor('author') }).status).toBe('draft');
    expect(toPostBody({ ...values, status: 'scheduled' }, { actor: actor('author') }).status).toBe('draft');
    expect(toPostBody({ ...values, status: 'review' }, { actor: actor('author') }).status).toBe('review');
  });

  test('an edit sends the updated value it was based on', () => {
    expect(toPostBody({ ...values, updated: '2030-01-02 13:05:00.123Z' }, { actor: actor('editor') }).updated).toBe(
      '2030-01-02 13:05:00.123Z',
    );
    expect(toPostBody(values, { actor: actor('editor') })).not.toHaveProperty('updated');
  });

  test('leaves the publication time to the server; schedules at the chosen time', () => {
    expect(toPostBody(values, { actor: actor('editor') })).not.toHaveProperty('published_at');
    expect(toPostBody({ ...values, status: 'draft' }, { actor: actor('editor') })).not.toHaveProperty('published_at');
    const scheduled = toPostBody(
      { ...values, status: 'scheduled', published_at: '2030-01-02 13:05:00.000Z' },
      { actor: actor('admin') },
    );
    expect(scheduled.published_at).toBe('2030-01-02T13:05:00.000Z');
  });

  test('a new cover is sent, a removed one cleared', () => {
    const file = { rawFile: new Blob(['x']), src: 'blob:', title: 'capa.png' };
    expect(toPostBody({ ...values, cover: file }, { actor: actor('editor') }).cover).toBe(file);
    expect(toPostBody({ ...values, cover: null }, { actor: actor('editor') }).cover).toBeNull();
    expect(
      toPostBody({ ...values, cover: { src: 'http://x/capa.jpg', title: 'capa.jpg' } }, { actor: actor('editor') }),
    ).not.toHaveProperty('cover');
  });
});

describe('pages', () => {
  test('the meta description counter counts characters against 160, without blocking', () => {
    expect(metaDescriptionCount('')).toEqual({ text: '0/160', over: false });
    expect(metaDescriptionCount('ç'.repeat(160))).toEqual({ text: '160/160', over: false });
    expect(metaDescriptionCount('a'.repeat(161))).toEqual({ text: '161/160', over: true });
    expect(metaDescriptionCount(undefined).text).toBe('0/160');
  });

  test('a new page sends its sections; editing sends the SEO fields, the sections and the status', () => {
    const sections = [
      { id: 'a1b2c3d4', type: 'page_header', eyebrow: '', title: 'Quem somos', subtitle: '' },
      { id: 'e5f6g7h8', type: 'map', title: 'Onde estamos', anchor: 'mapa' },
    ];
    const content = { sections };
    expect(
      toPageBody({
        name: ' Sobre ',
        slug: 'sobre',
        title: 'T',
        meta_description: 'D',
        status: 'published',
        content,
      }),
    ).toEqual({
      name: 'Sobre',
      slug: 'sobre',
      title: 'T',
      meta_description: 'D',
      status: 'published',
      review_note: '',
      // The typed sections go as the form holds them, in order (the server checks them).
      content: { sections },
    });
    // An edit: name and slug go too; old slugs are the server's.
    const edit = { name: 'X', slug: ' x-2 ', old_slugs: ['x'], status: 'bogus', updated: 'u' };
    expect(toPageBody(edit as never)).toEqual({
      name: 'X',
      slug: 'x-2',
      title: '',
      meta_description: '',
      status: 'draft',
      review_note: '',
      content: { sections: [] },
      updated: 'u',
    });
  });

  test("the statuses are the posts' four, in the feminine of página", () => {
    expect(PAGE_STATUS_CHOICES).toEqual([
      { id: 'draft', name: 'Rascunho' },
      { id: 'review', name: 'Em revisão' },
      { id: 'published', name: 'Publicada' },
      { id: 'scheduled', name: 'Agendada' },
    ]);
  });

  test('a page in review sends its note; a scheduled one its time and no note', () => {
    const page = { name: 'Parceiros', slug: 'parceiros', content: { sections: [] } };
    expect(toPageBody({ ...page, status: 'review', review_note: ' Confira os preços. ' })).toMatchObject({
      status: 'review',
      review_note: 'Confira os preços.',
    });
    expect(toPageBody({ ...page, status: 'review' })).not.toHaveProperty('published_at');
    // The form's date-time is Brasília time: 10:05 there is 13:05 UTC.
    const scheduled = toPageBody({ ...page, status: 'scheduled', published_at: '2030-01-02T10:05', review_note: 'x' });
    expect(scheduled).toMatchObject({ status: 'scheduled', published_at: '2030-01-02T13:05:00.000Z', review_note: '' });
    expect(toPageBody({ ...page, status: 'published', review_note: 'x' })).toMatchObject({ review_note: '' });
    expect(toPageBody({ ...page, status: 'published' })).not.toHaveProperty('published_at');
  });

  test('publishing a page of its own with no section is refused in pt-BR; a draft, the home page or a built-in route may be empty', () => {
    const empty = { content: { sections: [] } };
    expect(publishError({ ...empty, slug: 'parceiros', status: 'published' })).toBe(
      'Adicione conteúdo à página antes de publicá-la.',
    );
    expect(publishError({ ...empty, slug: 'parceiros', status: 'scheduled' })).toBe(
      'Adicione conteúdo à página antes de publicá-la.',
    );
    expect(publishError({ ...empty, slug: 'parceiros', status: 'draft' })).toBeNull();
    expect(publishError({ ...empty, slug: 'parceiros', status: 'review' })).toBeNull();
    expect(publishError({ ...empty, slug: 'parceiros', status: 'published', is_homepage: true })).toBeNull();
    expect(publishError({ ...empty, slug: 'produtos', status: 'published' })).toBeNull();
    expect(
      publishError({
        content: { sections: [{ id: 'abcd1234', type: 'faq', title: 'Dúvidas' }] },
        slug: 'parceiros',
        status: 'published',
      }),
    ).toBeNull();
  });
});
