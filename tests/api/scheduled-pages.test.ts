/**
 * Pages in review and scheduled, as posts are (pb_migrations/1795311200_page_review_schedule.js,
 * pb_hooks/lib/content/workflow.js): only editors and admins give a page any status; a
 * scheduled page needs a future time (pt-BR 400, whatever the keys' spelling); the
 * minute's job publishes a due page, audited as the system, and nobody outside the
 * staff reads a page before it is published.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import rules from '../../shared/content-rules.json';
import { caseVariants, respelled } from '../helpers/key-spellings';
import { fieldRefusal, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

let serial = 0;
const pbDate = (date: Date) => date.toISOString().replace('T', ' ');
const inAnHour = () => pbDate(new Date(Date.now() + 3_600_000));
const SECTIONS = { sections: [{ id: 'agenda', type: 'text', title: 'Agenda', body: 'Texto da página agendada.' }] };

function pageBody(extra: Record<string, unknown> = {}) {
  const slug = `agendada-${Date.now().toString(36)}-${++serial}`;
  return { name: `Página ${slug}`, slug, content: SECTIONS, ...extra };
}

let s: StaffServer;

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
});
afterAll(async () => {
  await s?.stop();
});

/** The pt-BR message a refused save gives on `published_at`. */
const scheduleRefusal = (call: Promise<unknown>) => fieldRefusal(call, 'published_at');

describe('who gives a page each status', () => {
  const statuses = [
    ['draft', {}],
    ['review', { review_note: 'Confira os números da seção Agenda.' }],
    ['scheduled', { published_at: inAnHour() }],
    ['published', {}],
  ] as const;

  for (const [status, extra] of statuses) {
    test(`editors and admins create and update a page as '${status}'; authors and visitors cannot`, async () => {
      for (const who of ['editor', 'admin'] as const) {
        const client = s[who].client.collection('pages');
        const created = await client.create(pageBody({ status, ...extra }));
        expect(created.status).toBe(status);
        const draft = await client.create(pageBody());
        expect((await client.update(draft.id, { status, ...extra })).status).toBe(status);
      }
      const draft = await s.editor.client.collection('pages').create(pageBody());
      for (const who of ['author', 'anonymous'] as const) {
        const client = s[who].client.collection('pages');
        expect(await statusOf(client.create(pageBody({ status, ...extra }))), who).toBeGreaterThanOrEqual(400);
        expect(await statusOf(client.update(draft.id, { status, ...extra })), who).toBeGreaterThanOrEqual(400);
      }
      expect((await s.editor.client.collection('pages').getOne(draft.id)).status).toBe('draft');
    });
  }

  test('a page in review carries its note until it goes public; nobody outside the staff reads it', async () => {
    const pages = s.editor.client.collection('pages');
    const page = await pages.create(pageBody({ status: 'review', review_note: 'Revise o texto, por favor.' }));
    expect(page.review_note).toBe('Revise o texto, por favor.');
    expect((await s.admin.client.collection('pages').getOne(page.id)).review_note).toBe('Revise o texto, por favor.');
    expect(await statusOf(s.anonymous.client.collection('pages').getOne(page.id))).toBe(404);
    expect(await statusOf(s.author.client.collection('pages').getOne(page.id))).toBe(404);
    const scheduled = await pages.update(page.id, { status: 'scheduled', published_at: inAnHour() });
    expect(scheduled.review_note).toBe('');
    expect(await statusOf(s.anonymous.client.collection('pages').getOne(page.id))).toBe(404);
  });
});

describe('a scheduled page needs a future time', () => {
  test('in the past or missing, it is refused in pt-BR and nothing is saved', async () => {
    const pages = s.editor.client.collection('pages');
    const past = pbDate(new Date(Date.now() - 60_000));
    expect(await scheduleRefusal(pages.create(pageBody({ status: 'scheduled', published_at: past })))).toBe(
      'A publicação agendada precisa ser em uma data e hora futuras.',
    );
    expect(await scheduleRefusal(pages.create(pageBody({ status: 'scheduled' })))).toBe(
      'Informe a data e a hora da publicação agendada.',
    );
    const draft = await pages.create(pageBody());
    expect(await scheduleRefusal(pages.update(draft.id, { status: 'scheduled', published_at: past }))).toBe(rules.schedule.past);
    const scheduled = await pages.update(draft.id, { status: 'scheduled', published_at: inAnHour() });
    // Moving the time into the past is refused too; the superuser's dashboard is held to it as well.
    expect(await scheduleRefusal(pages.update(draft.id, { published_at: past }))).toBe(rules.schedule.past);
    expect(await scheduleRefusal(s.superuser.collection('pages').update(draft.id, { published_at: past }))).toBe(
      rules.schedule.past,
    );
    expect((await pages.getOne(draft.id)).published_at).toBe(scheduled.published_at);
  });

  test('whatever the spelling of the keys', async () => {
    const pages = s.editor.client.collection('pages');
    const past = pbDate(new Date(Date.now() - 60_000));
    for (const spelling of ['status', 'published_at'].flatMap((key) => caseVariants(key).map((variant) => [key, variant]))) {
      const spell = (key: string) => (key === spelling[0] ? spelling[1]! : key);
      const draft = await pages.create(pageBody());
      const body = respelled({ status: 'scheduled', published_at: past }, spell);
      // A key PocketBase does not bind leaves the field as it was: either way no page is
      // scheduled without a time to come (the time missing or past).
      const status = await statusOf(pages.update(draft.id, body));
      const stored = await pages.getOne(draft.id);
      const at = stored.published_at ? new Date(stored.published_at.replace(' ', 'T')).getTime() : NaN;
      const withoutFuture = stored.status === 'scheduled' && !(at > Date.now());
      expect(withoutFuture, `${JSON.stringify(body)} → ${status}`).toBe(false);
    }
  });

  test('a scheduled page is held to the published rules: no sections, no schedule', async () => {
    const refused = await statusOf(
      s.editor.client
        .collection('pages')
        .create(pageBody({ status: 'scheduled', published_at: inAnHour(), content: { sections: [] } })),
    );
    expect(refused).toBe(400);
  });

  test('restoring a version of a scheduled page keeps its schedule', async () => {
    const pages = s.editor.client.collection('pages');
    const page = await pages.create(pageBody({ status: 'scheduled', published_at: inAnHour() }));
    await pages.update(page.id, { name: 'Nome trocado' });
    const [first] = await s.editor.client.collection('revisions').getFullList({
      filter: s.editor.client.filter('collection = "pages" && record = {:id}', { id: page.id }),
      sort: 'created',
    });
    expect(first!.data).toMatchObject({ status: 'scheduled', published_at: page.published_at });
    const current = await pages.getOne(page.id);
    const restored = await pages.update(page.id, {
      name: first!.data.name,
      restored_from: first!.id,
      updated: current.updated,
    });
    expect(restored).toMatchObject({ name: page.name, status: 'scheduled', published_at: page.published_at });
  });
});

describe('the minute job publishes a due page', () => {
  const auditRows = (client: PocketBase, id: string) =>
    client.collection('audit_logs').getFullList({ filter: client.filter('record_id = {:id}', { id }), sort: 'created' });

  test('a page scheduled a few seconds ahead goes public at its time, audited as the system', { timeout: 100_000 }, async () => {
    const pages = s.editor.client.collection('pages');
    const due = await pages.create(pageBody({ status: 'scheduled', published_at: pbDate(new Date(Date.now() + 4_000)) }));
    const later = await pages.create(pageBody({ status: 'scheduled', published_at: inAnHour() }));
    expect(await statusOf(s.anonymous.client.collection('pages').getOne(due.id))).toBe(404);

    const deadline = Date.now() + 75_000;
    let status = 'scheduled';
    while (Date.now() < deadline && status !== 'published') {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      status = (await pages.getOne(due.id)).status;
    }
    expect(status, 'o job de publicação roda a cada minuto').toBe('published');
    expect(await s.anonymous.client.collection('pages').getOne(due.id)).toMatchObject({
      name: due.name,
      published_at: due.published_at,
    });
    expect((await pages.getOne(later.id)).status).toBe('scheduled');

    const update = (await auditRows(s.admin.client, due.id)).find((row) => row.action === 'UPDATE');
    expect(update).toMatchObject({ table_name: 'pages', user: '', actor: 'sistema' });
    expect(update!.new_values).toMatchObject({ status: 'published' });
    const revisions = await s.editor.client.collection('revisions').getFullList({
      filter: s.editor.client.filter('collection = "pages" && record = {:id}', { id: due.id }),
      sort: '-created',
    });
    expect(revisions[0]).toMatchObject({ summary: 'status: Publicada' });
  });
});
