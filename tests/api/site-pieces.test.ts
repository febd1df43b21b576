/**
 * What the site's pages share (pb_hooks/lib/pieces/pieces.js, shared/site-pieces.js):
 * a fresh install has the testimonials and FAQ entries the site had in git; anyone
 * reads them, editors and admins write them (authors and visitors cannot, whatever the
 * spelling of the keys), every save is checked with pt-BR refusals on the field and
 * every change is audited.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import seedFaq from '../../shared/site-faq.json';
import seedTestimonials from '../../shared/site-testimonials.json';
import { caseVariants } from '../helpers/key-spellings';
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
