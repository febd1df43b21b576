/**
 * What the site's pages share (pb_hooks/lib/pieces/pieces.js, shared/site-pieces.js):
 * a fresh install has the testimonials, FAQ entries and partners the site had in git;
 * anyone reads them, editors and admins write them (authors and visitors cannot, whatever
 * the spelling of the keys), every save is checked with pt-BR refusals on the field and
 * every change is audited. A partner's logo is a Mídia image, or one of the site's own
 * files that no one sets through the API; a Mídia file used as a logo stays.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import seedFaq from '../../shared/site-faq.json';
import seedTestimonials from '../../shared/site-testimonials.json';
import seedPartners from '../../shared/site-partners.json';
import { uploadPng } from '../helpers/images';
import { caseVariants } from '../helpers/key-spellings';
import { history } from '../helpers/records';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

const QUOTE = 'Os controladores estão rodando há dois anos sem nenhuma falha em campo, em três turnos.';
const testimonial = (extra: Record<string, unknown> = {}) => ({
  name: 'Marta L.',
  company: 'Fabricante de dosadoras',
  quote: QUOTE,
  page: 'clientes',
  order: 50,
  ...extra,
});
const ANSWER = 'Sim: enviamos para todo o Brasil, por transportadora ou pelos Correios, com rastreio.';
const entry = (extra: Record<string, unknown> = {}) => ({
  question: 'Vocês enviam para todo o Brasil?',
  answer: ANSWER,
  order: 50,
  ...extra,
});

/** The pt-BR message a refused save gives on `field`. */
async function refusal(call: Promise<unknown>, field: string): Promise<string> {
  try {
    await call;
  } catch (error) {
    const { status, response } = error as { status: number; response: { data?: Record<string, { message?: string }> } };
    expect(status).toBe(400);
    return String(response.data?.[field]?.message);
  }
  throw new Error('the save was accepted');
}

describe('a fresh install', () => {
  test("has the site's testimonials and FAQ entries, as they were in git", async () => {
    const testimonials = await s.anonymous.client.collection('testimonials').getFullList({ sort: 'page,order' });
    expect(testimonials).toHaveLength(seedTestimonials.length);
    for (const seeded of seedTestimonials) {
      const record = testimonials.find((item) => item.name === seeded.name)!;
      expect(record).toMatchObject({
        company: seeded.company,
        quote: seeded.quote,
        page: seeded.page,
        order: seeded.order,
        role: 'role' in seeded ? seeded.role : '',
      });
    }
    const faq = await s.anonymous.client.collection('faq_entries').getFullList({ sort: 'order' });
    expect(faq.map(({ question, answer, order }) => ({ question, answer, order }))).toEqual(
      seedFaq.map(({ question, answer, order }) => ({ question, answer, order })),
    );
  });
});

describe('who writes them', () => {
  test('editors and admins create, change and delete; each change is audited', async () => {
    for (const who of [s.editor, s.admin]) {
      const made = await who.client.collection('testimonials').create(testimonial());
      await who.client.collection('testimonials').update(made.id, { order: 51 });
      await who.client.collection('testimonials').delete(made.id);
      const rows = await s.admin.client
        .collection('audit_logs')
        .getFullList({ filter: `record_id = "${made.id}"`, sort: 'created' });
      expect(rows.map((row) => row.action)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
      expect(rows[0]).toMatchObject({ table_name: 'testimonials' });
      const question = await who.client.collection('faq_entries').create(entry());
      await who.client.collection('faq_entries').delete(question.id);
    }
  });

  test('authors and visitors cannot write, whatever the spelling of the keys', async () => {
    const existing = await s.superuser.collection('faq_entries').getFirstListItem('order = 1');
    for (const who of [s.author, s.anonymous]) {
      expect(await statusOf(who.client.collection('faq_entries').create(entry()))).not.toBe(200);
      expect(await statusOf(who.client.collection('testimonials').create(testimonial()))).not.toBe(200);
      for (const key of ['answer', ...caseVariants('answer')]) {
        await statusOf(who.client.collection('faq_entries').update(existing.id, { [key]: ANSWER }));
      }
      expect(await statusOf(who.client.collection('faq_entries').delete(existing.id))).not.toBe(200);
    }
    expect(await s.superuser.collection('faq_entries').getOne(existing.id)).toMatchObject({ answer: existing.answer });
  });
});

describe('what a save must hold', () => {
  test('each broken testimonial is refused in pt-BR on its field', async () => {
    const create = (extra: Record<string, unknown>) => s.editor.client.collection('testimonials').create(testimonial(extra));
    expect(await refusal(create({ name: ' ' }), 'name')).toBe('Preencha o campo nome.');
    expect(await refusal(create({ quote: 'Curto demais.' }), 'quote')).toBe('Depoimento: no mínimo 40 caracteres.');
    expect(await refusal(create({ quote: 'x'.repeat(501) }), 'quote')).toMatch(/^Depoimento: no máximo 500 caracteres/);
    expect(await refusal(create({ role: 'x'.repeat(61) }), 'role')).toMatch(/^Cargo: no máximo 60 caracteres/);
    expect(await refusal(create({ page: 'home' }), 'page')).toMatch(/Escolha em que página|page/);
    expect(await refusal(create({ order: 0 }), 'order')).toBe('Ordem: um número inteiro de 1 a 999.');
    expect(await refusal(create({ order: 1000 }), 'order')).toBe('Ordem: um número inteiro de 1 a 999.');
  });

  test('each broken FAQ entry is refused in pt-BR on its field, also on update', async () => {
    const faq = s.editor.client.collection('faq_entries');
    expect(await refusal(faq.create(entry({ question: 'Prazo?' })), 'question')).toBe('Pergunta: no mínimo 10 caracteres.');
    expect(await refusal(faq.create(entry({ answer: '' })), 'answer')).toBe('Preencha o campo resposta.');
    const made = await faq.create(entry());
    expect(await refusal(faq.update(made.id, { answer: 'x'.repeat(701) }), 'answer')).toMatch(/^Resposta: no máximo 700/);
    // Another spelling of the key is not bound to the field: nothing changes.
    for (const key of caseVariants('answer')) await statusOf(faq.update(made.id, { [key]: 'curta' }));
    expect((await faq.getOne(made.id)).answer).toBe(ANSWER);
    await faq.delete(made.id);
  });
});

const partner = (logo: string, extra: Record<string, unknown> = {}) => ({
  name: 'WEG',
  full_name: 'WEG Equipamentos Elétricos',
  kind: 'Fabricante de motores',
  order: 50,
  logo,
  ...extra,
});

/** A PNG uploaded to Mídia by the editor; answers its record id. */
const mediaImage = async () => (await uploadPng(s.editor.client, 320, 160, 'Logotipo da WEG')).split('/')[4]!;

describe('partners', () => {
  test('a fresh install has the seven partners of git, each with its SVG mark as a site file and a first revision', async () => {
    const partners = await s.anonymous.client.collection('partners').getFullList({ sort: 'order' });
    expect(
      partners.map(({ name, full_name, kind, order, logo, builtin_logo }) => ({
        name,
        full_name,
        kind,
        order,
        logo,
        builtin_logo,
      })),
    ).toEqual(
      seedPartners.map(({ name, full_name, kind, order, builtin_logo }) => ({
        name,
        full_name,
        kind,
        order,
        logo: '',
        builtin_logo,
      })),
    );
    const [first] = await history(s.editor.client, 'partners', partners[0]!.id);
    // Written with the seed's save (pb_hooks/lib/audit/audit.js), or by the migration where no hook ran.
    expect(first).toMatchObject({ kind: 'create', summary: expect.stringMatching(/^(criado|versão inicial)$/) });
  });

  test('editors and admins create, change and delete one with a Mídia logo; audited and revised; authors and visitors cannot', async () => {
    const logo = await mediaImage();
    for (const who of [s.editor, s.admin]) {
      const made = await who.client.collection('partners').create(partner(logo));
      await who.client.collection('partners').update(made.id, { kind: 'Fabricante de inversores' });
      const [changed] = await history(who.client, 'partners', made.id);
      expect(changed).toMatchObject({ kind: 'update', summary: 'tipo' });
      await who.client.collection('partners').delete(made.id);
      const rows = await s.admin.client
        .collection('audit_logs')
        .getFullList({ filter: `record_id = "${made.id}"`, sort: 'created' });
      expect(rows.map((row) => row.action)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
      expect(rows[0]).toMatchObject({ table_name: 'partners' });
    }
    const existing = await s.superuser.collection('partners').getFirstListItem('order = 1');
    for (const who of [s.author, s.anonymous]) {
      expect(await statusOf(who.client.collection('partners').create(partner(logo)))).not.toBe(200);
      for (const key of ['kind', ...caseVariants('kind')]) {
        await statusOf(who.client.collection('partners').update(existing.id, { [key]: 'Outro tipo' }));
      }
      expect(await statusOf(who.client.collection('partners').delete(existing.id))).not.toBe(200);
    }
    expect(await s.superuser.collection('partners').getOne(existing.id)).toMatchObject({ kind: existing.kind });
  });

  test('each broken partner is refused in pt-BR on its field', async () => {
    const logo = await mediaImage();
    const create = (extra: Record<string, unknown>, image = logo) =>
      s.editor.client.collection('partners').create(partner(image, extra));
    expect(await refusal(create({ name: ' ' }), 'name')).toBe('Preencha o campo nome.');
    expect(await refusal(create({ name: 'x'.repeat(21) }), 'name')).toMatch(/^Nome: no máximo 20 caracteres/);
    expect(await refusal(create({ full_name: 'x'.repeat(121) }), 'full_name')).toMatch(
      /^Nome completo: no máximo 120 caracteres/,
    );
    expect(await refusal(create({ full_name: '' }), 'full_name')).toBe('Preencha o campo nome completo.');
    expect(await refusal(create({ kind: 'x'.repeat(61) }), 'kind')).toMatch(/^Tipo: no máximo 60 caracteres/);
    expect(await refusal(create({ kind: 'ab' }), 'kind')).toBe('Tipo: no mínimo 3 caracteres.');
    expect(await refusal(create({ order: 0 }), 'order')).toBe('Ordem: um número inteiro de 1 a 999.');
    expect(await refusal(create({}, ''), 'logo')).toBe('Escolha o logotipo na Mídia.');
    expect(await refusal(create({}, 'abc123def456ghi'), 'logo')).toBe('Logotipo: esta imagem não está na Mídia; escolha outra.');
    const form = new FormData();
    form.append('file', new Blob(['Catálogo em texto.'], { type: 'text/plain' }), 'catalogo.txt');
    const text = await s.editor.client.collection('media').create(form);
    expect(await refusal(create({}, text.id), 'logo')).toBe('Logotipo: escolha uma imagem (PNG, JPG, WebP ou GIF).');
  });

  test("an editor keeps or clears a site logo file, but never sets or changes one, whatever the key's spelling", async () => {
    const logo = await mediaImage();
    const partners = s.editor.client.collection('partners');
    for (const key of ['builtin_logo', ...caseVariants('builtin_logo')]) {
      const made = await partners
        .create(partner(logo, { [key]: 'partners/fiesc.svg' }))
        .catch((error: { status: number }) => error);
      if ('id' in made) {
        expect(key, 'a case variant is no field').not.toBe('builtin_logo');
        expect((await s.superuser.collection('partners').getOne(String(made.id))).builtin_logo).toBe('');
        await s.superuser.collection('partners').delete(String(made.id));
      } else expect(made.status).toBe(400);
    }
    const seeded = await s.superuser.collection('partners').getFirstListItem('order = 2');
    for (const key of ['builtin_logo', ...caseVariants('builtin_logo')]) {
      await statusOf(partners.update(seeded.id, { [key]: 'partners/senai.svg' }));
    }
    expect((await s.superuser.collection('partners').getOne(seeded.id)).builtin_logo).toBe(seeded.builtin_logo);
    // Kept as it is (the admin's form sends it back), then cleared when a Mídia logo replaces it.
    await partners.update(seeded.id, { kind: seeded.kind, builtin_logo: seeded.builtin_logo });
    expect(await refusal(partners.update(seeded.id, { builtin_logo: '' }), 'logo')).toBe('Escolha o logotipo na Mídia.');
    await partners.update(seeded.id, { logo, builtin_logo: '' });
    expect(await s.superuser.collection('partners').getOne(seeded.id)).toMatchObject({ logo, builtin_logo: '' });
    expect(await statusOf(partners.update(seeded.id, { builtin_logo: seeded.builtin_logo }))).not.toBe(200);
    await s.superuser.collection('partners').update(seeded.id, { logo: '', builtin_logo: seeded.builtin_logo });
  });

  test('a Mídia image used as a logo goes to the trash but is never deleted for good while a partner shows it', async () => {
    const logo = await mediaImage();
    const made = await s.editor.client.collection('partners').create(partner(logo, { name: 'Usa logo' }));
    const usage = await s.editor.client.send(`/api/admin/media/${logo}/usage`, {});
    expect(usage).toEqual({ usage: [{ kind: 'partner', id: made.id, title: 'Usa logo', status: '' }] });
    await s.editor.client.collection('media').delete(logo);
    const refused = await s.editor.client
      .collection('media')
      .delete(logo)
      .catch((error: { status: number; response: { message: string } }) => error);
    expect(refused).toMatchObject({ status: 409 });
    expect((refused as { response: { message: string } }).response.message).toMatch(/Parceiro "Usa logo"/);
    await s.editor.client.collection('partners').delete(made.id);
    await s.editor.client.collection('media').delete(logo);
  });
});
