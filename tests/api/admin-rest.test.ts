/**
 * The admin's simple-REST routes (pb_hooks/lib/common/rest.js: backups and site builds) on
 * a real PocketBase, driven raw (status codes, headers, messages) and through the
 * admin's own data provider (createAdminDataProvider → ra-data-simple-rest), so the
 * routes and the provider are shown to speak the same protocol: sort, range, filter,
 * Content-Range, getOne, getMany, create, update, delete; who may call them; and a
 * 400 with a pt-BR reason, never a 500, for a malformed query. 'Publicar agora' goes
 * through the real publisher (scripts/publish/publisher.mjs) with a runner that builds
 * nothing. Restoring a backup restarts the server: tests/api/backups.test.ts.
 */
import { randomBytes } from 'node:crypto';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPublisher, pocketBaseReporter, type BuildStatus } from '../../scripts/publish/publisher.mjs';
import { startPublishEndpoint } from '../../scripts/publish/endpoint.mjs';
import { createAdminDataProvider } from '../../src/admin/dataProvider';
import type { RestDataProvider } from '../../src/admin/restDataProvider';
import { signIn, startStaffServer, type StaffServer } from '../helpers/staff';

const secret = randomBytes(16).toString('hex');
const DENIED_BACKUPS = 'Você não tem permissão para gerenciar backups.';
const DENIED_BUILDS = 'Você não tem permissão para ver a publicação do site.';
const DENIED_PUBLISH = 'Você não tem permissão para publicar o site.';

let s: StaffServer;
let inactiveAdmin: PocketBase;
let endpoint: { url: string; close: () => Promise<void> };
let publisher: ReturnType<typeof createPublisher>;
const requested: string[] = [];
let admin: RestDataProvider;
let editor: RestDataProvider;

beforeAll(async () => {
  let report: (status: BuildStatus) => void = () => {};
  publisher = createPublisher({
    debounceMs: 100,
    onStatus: (status) => report(status),
    run: async (_status, progress) => {
      progress('Gerando páginas', 3);
      return { ok: true, pages: 3, durationMs: 5, log: 'nada a construir' };
    },
  });
  endpoint = await startPublishEndpoint({
    publisher: {
      request: (reason, options) => {
        requested.push(reason);
        return publisher.request(reason, options);
      },
    },
    secret,
  });
  s = await startStaffServer({ unthrottledLoopback: true, env: { PUBLISHER_URL: endpoint.url, PUBLISH_SECRET: secret } });
  report = pocketBaseReporter({ pocketbaseUrl: s.server.url, secret });
  await s.admin.client.collection('users').create({
    email: 'admin-inativo@exemplo.com.br',
    password: 'Senha-Forte-123',
    passwordConfirm: 'Senha-Forte-123',
    full_name: 'Admin Inativo',
    role: 'admin',
    is_active: false,
  });
  inactiveAdmin = await signIn(s.server, 'admin-inativo@exemplo.com.br');
  admin = createAdminDataProvider(s.admin.client);
  editor = createAdminDataProvider(s.editor.client);
});

afterAll(async () => {
  publisher?.stop();
  await endpoint?.close();
  await s?.stop();
});

/** A raw request with the client's token (if any). */
function call(client: PocketBase | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  if (client?.authStore.token) headers.Authorization = client.authStore.token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${s.server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const listQuery = (query: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])).toString();

/** Stores a build as the publisher reports it (the only writer of site_builds). */
async function reportBuild(status: Partial<BuildStatus> & { id: string; state: BuildStatus['state'] }) {
  const response = await fetch(`${s.server.url}/api/site/builds/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Publish-Secret': secret },
    body: JSON.stringify({ mode: 'local', reasons: [], queuedAt: new Date().toISOString(), ...status }),
  });
  expect(response.status).toBe(204);
}

test('the admin’s provider sends collections to PocketBase’s records API and these two resources to the REST routes', async () => {
  const post = await admin.create('posts', { data: { title: 'Post pelo provedor combinado', category: 'Técnico' } });
  expect((await admin.getOne('posts', { id: post.data.id })).data).toMatchObject({ collectionName: 'posts' });
  await expect(admin.getOne('posts', { id: 'inexistente' })).rejects.toMatchObject({
    message: 'Erro ao carregar posts: Registro não encontrado ou sem permissão de acesso.',
  });
  expect(
    await admin.getList('site-builds', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'DESC' }, filter: {} }),
  ).toEqual({ data: [], total: 0 });
});

describe('who may call the REST routes', () => {
  // One row per route: what each staff member gets; refusals carry the pt-BR reason.
  const ROUTES: { method: string; path: string; body?: unknown; admin: number; editor: number; denied: string }[] = [
    { method: 'GET', path: '/api/admin/rest/backups', admin: 200, editor: 403, denied: DENIED_BACKUPS },
    {
      method: 'GET',
      path: '/api/admin/rest/backups/backup_19990101_000000.zip',
      admin: 404,
      editor: 403,
      denied: DENIED_BACKUPS,
    },
    { method: 'POST', path: '/api/admin/rest/backups', body: {}, admin: 0, editor: 403, denied: DENIED_BACKUPS },
    {
      method: 'PUT',
      path: '/api/admin/rest/backups/backup_19990101_000000.zip',
      body: { restore: true },
      admin: 404,
      editor: 403,
      denied: DENIED_BACKUPS,
    },
    {
      method: 'DELETE',
      path: '/api/admin/rest/backups/backup_19990101_000000.zip',
      admin: 404,
      editor: 403,
      denied: DENIED_BACKUPS,
    },
    { method: 'GET', path: '/api/admin/backups/status', admin: 200, editor: 403, denied: DENIED_BACKUPS },
    // The download: superusers only (tests/api/backups.test.ts), an admin gets 403 too.
    {
      method: 'GET',
      path: '/api/admin/backups/backup_19990101_000000.zip',
      admin: 403,
      editor: 403,
      denied: DENIED_BACKUPS,
    },
    { method: 'GET', path: '/api/admin/rest/site-builds', admin: 200, editor: 200, denied: DENIED_BUILDS },
    { method: 'GET', path: '/api/admin/rest/site-builds/nenhum', admin: 404, editor: 404, denied: DENIED_BUILDS },
    { method: 'POST', path: '/api/admin/rest/site-builds', body: {}, admin: 0, editor: 0, denied: DENIED_PUBLISH },
  ];

  test('visitors get 401; authors and inactive accounts (editor and admin) 403; editors only the site builds', async () => {
    for (const route of ROUTES) {
      const label = `${route.method} ${route.path}`;
      expect((await call(null, route.method, route.path, route.body)).status, `${label} anônimo`).toBe(401);
      const refused = [s.author, s.otherAuthor, s.inactive, { name: 'admin inativo', client: inactiveAdmin }];
      if (route.editor === 403) refused.push(s.editor);
      for (const member of refused) {
        const response = await call(member.client, route.method, route.path, route.body);
        expect(response.status, `${label} ${member.name}`).toBe(403);
        // An inactive account's token is refused before any route (pb_hooks/lib/auth/sessions.js).
        const inactive = member === s.inactive || member.client === inactiveAdmin;
        expect(((await response.json()) as { message: string }).message, `${label} ${member.name}`).toBe(
          inactive ? 'Conta inativa.' : route.denied,
        );
      }
      // Reads only here (0: a write tested on its own below).
      if (route.admin) expect((await call(s.admin.client, route.method, route.path)).status, `${label} admin`).toBe(route.admin);
      if (route.editor !== 403 && route.editor)
        expect((await call(s.editor.client, route.method, route.path)).status, `${label} editor`).toBe(route.editor);
    }
  });

  test('superusers use PocketBase’s own /api/backups, not these routes (the download aside: below)', async () => {
    expect((await call(s.superuser, 'GET', '/api/admin/rest/backups')).status).toBe(403);
    expect((await call(s.superuser, 'GET', '/api/admin/rest/site-builds')).status).toBe(403);
  });
});

describe('backups', () => {
  const names: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) names.push((await admin.create('backups', { data: {} })).data.name as string);
  });

  test('create answers the new backup with its id (the file name) and leaves an audit row', async () => {
    expect(names).toHaveLength(3);
    for (const name of names) expect(name).toMatch(/^backup_\d{8}_\d{6}(_\d+)?\.zip$/);
    const row = await s.admin.client
      .collection('audit_logs')
      .getFirstListItem(s.admin.client.filter('table_name = "backups" && record_id = {:name}', { name: names[0] }));
    expect(row).toMatchObject({ action: 'INSERT', user: s.admin.actor!.id, actor: s.admin.fullName });
  });

  test('a backup downloads for a superuser only: an admin, who manages them, gets 403 with the reason', async () => {
    const download = await call(s.superuser, 'GET', `/api/admin/backups/${names[0]}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const refused = await call(s.admin.client, 'GET', `/api/admin/backups/${names[0]}`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Backups não são baixados pelo painel/);
  });

  test('getList sorts, pages and counts; Content-Range says which rows of how many', async () => {
    const all = await admin.getList('backups', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(all.total).toBe(3);
    expect(all.data.map((item) => item.id)).toEqual([...names].sort());
    for (const item of all.data) {
      expect(item).toMatchObject({ id: item.name, size: expect.any(Number) });
      expect(new Date(item.modified as string).toISOString()).toBe(item.modified);
    }

    const second = await admin.getList('backups', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'name', order: 'DESC' },
      filter: {},
    });
    expect(second).toMatchObject({ total: 3, data: [{ id: [...names].sort()[0] }] });

    const response = await call(
      s.admin.client,
      'GET',
      `/api/admin/rest/backups?${listQuery({ sort: ['size', 'ASC'], range: [1, 2], filter: {} })}`,
      undefined,
      { Origin: 'http://outra-origem.exemplo' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('backups 1-2/3');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
    const sizes = ((await response.json()) as { size: number }[]).map((item) => item.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));

    const empty = await call(s.admin.client, 'GET', `/api/admin/rest/backups?${listQuery({ range: [10, 19] })}`);
    expect(empty.headers.get('content-range')).toBe('backups */3');
    expect(await empty.json()).toEqual([]);
  });

  test('filters by id (getMany) and by part of the name (q)', async () => {
    const many = await admin.getMany('backups', { ids: [names[0]!, names[2]!, 'backup_19990101_000000.zip'] });
    expect(many.data.map((item) => item.id).sort()).toEqual([names[0], names[2]].sort());
    expect((await admin.getMany('backups', { ids: [] })).data).toEqual([]);

    const suffix = names[1]!.slice(-10).toUpperCase();
    const found = await admin.getList('backups', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'modified', order: 'DESC' },
      filter: { q: suffix },
    });
    expect(found.data.map((item) => item.id)).toContain(names[1]);
    expect(
      (
        await admin.getList('backups', {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'id', order: 'ASC' },
          filter: { q: 'nada' },
        })
      ).total,
    ).toBe(0);
  });

  test('getOne answers one backup; a name that is not there is a 404, one that is not a backup name a 400', async () => {
    expect((await admin.getOne('backups', { id: names[0]! })).data).toMatchObject({ id: names[0], name: names[0] });
    await expect(admin.getOne('backups', { id: 'backup_19990101_000000.zip' })).rejects.toMatchObject({
      status: 404,
      message: 'Backup não encontrado.',
    });
    for (const name of ['..%2Fdata.db', '.restore-audit.json', 'a..zip']) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const response = await call(
          s.admin.client,
          method,
          `/api/admin/rest/backups/${name}`,
          method === 'PUT' ? { restore: true } : undefined,
        );
        expect(response.status, `${method} ${name}`).toBe(400);
        expect(((await response.json()) as { message: string }).message).toBe('Nome de backup inválido.');
      }
    }
  });

  test('update restores only: any other body is refused with the reason', async () => {
    for (const data of [{}, { name: 'outro.zip' }, { restore: 'true' }, { restore: false }]) {
      await expect(admin.update('backups', { id: names[0]!, data, previousData: { id: names[0]! } })).rejects.toMatchObject({
        status: 400,
        message: 'Um backup não pode ser alterado, apenas restaurado: envie { "restore": true }.',
      });
    }
    const malformed = await call(s.admin.client, 'PUT', `/api/admin/rest/backups/${names[0]}`, '{"restore":');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toMatch(/não|inválid/);
  });

  test('delete removes the file, answers what it was and leaves an audit row', async () => {
    const name = names.pop()!;
    const deleted = await admin.delete('backups', { id: name, previousData: { id: name } });
    expect(deleted.data).toMatchObject({ id: name, name });
    await expect(admin.getOne('backups', { id: name })).rejects.toMatchObject({ status: 404 });
    expect((await call(s.superuser, 'GET', `/api/admin/backups/${name}`)).status).toBe(404);
    await expect(admin.delete('backups', { id: name, previousData: { id: name } })).rejects.toMatchObject({ status: 404 });
    const row = await s.admin.client
      .collection('audit_logs')
      .getFirstListItem(s.admin.client.filter('table_name = "backups" && action = "DELETE" && record_id = {:name}', { name }));
    expect(row).toMatchObject({ user: s.admin.actor!.id, actor: s.admin.fullName, new_values: null });
    expect(row.old_values).toMatchObject({ name });
    expect(
      (await admin.getList('backups', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} }))
        .total,
    ).toBe(2);
  });

  test('the restart state is the provider’s custom method', async () => {
    const { data } = await admin.backupStatus('backups');
    expect(data).toMatchObject({ bootId: expect.any(String), busy: false, failed: '' });
  });
});

describe('malformed list queries', () => {
  const CASES: [string, Record<string, string>, RegExp][] = [
    ['sort não JSON', { sort: '["name"' }, /parâmetro sort é inválido/],
    ['sort sem ordem', { sort: '["name"]' }, /parâmetro sort é inválido/],
    ['ordem desconhecida', { sort: '["name","PARA-CIMA"]' }, /parâmetro sort é inválido/],
    ['campo desconhecido', { sort: '["senha","ASC"]' }, /^Não é possível ordenar por "senha"/],
    ['range não JSON', { range: '[0,' }, /parâmetro range é inválido/],
    ['range invertido', { range: '[9,0]' }, /parâmetro range é inválido/],
    ['range negativo', { range: '[-5,4]' }, /parâmetro range é inválido/],
    ['range grande demais', { range: '[0,100000]' }, /parâmetro range é inválido/],
    ['filter não JSON', { filter: '{"q":' }, /parâmetro filter é inválido/],
    ['filter lista', { filter: '[]' }, /parâmetro filter é inválido/],
    ['filtro desconhecido', { filter: '{"senha":"x"}' }, /^Filtro desconhecido: "senha"/],
    ['valor de filtro objeto', { filter: '{"id":{"$gt":""}}' }, /^Valor inválido para o filtro "id"/],
  ];

  test.each(['backups', 'site-builds'])('%s: each answers 400 with its pt-BR reason', async (resource) => {
    for (const [label, query, reason] of CASES) {
      const response = await call(s.admin.client, 'GET', `/api/admin/rest/${resource}?${new URLSearchParams(query)}`);
      expect(response.status, label).toBe(400);
      expect(((await response.json()) as { message: string }).message, label).toMatch(reason);
    }
  });

  test('the data provider reports the reason as its error', async () => {
    await expect(
      admin.getList('site-builds', { pagination: { page: 1, perPage: 5 }, sort: { field: 'log', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^Não é possível ordenar por "log"/) });
  });
});

describe('site builds', () => {
  const tag = Date.now().toString(36);
  const ids = { ok: `ok-${tag}`, failed: `erro-${tag}`, older: `antigo-${tag}`, deploy: `deploy-${tag}` };

  beforeAll(async () => {
    const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, seconds)).toISOString();
    await reportBuild({ id: ids.older, state: 'success', durationMs: 30_000, pages: 100, finishedAt: at(1) });
    await reportBuild({ id: ids.failed, state: 'failed', durationMs: 10_000, log: 'linha 1\nerro de build', finishedAt: at(2) });
    await reportBuild({
      id: ids.ok,
      state: 'success',
      durationMs: 20_000,
      pages: 987,
      finishedAt: at(3),
      reasons: ['posts: criação de X'],
    });
    await reportBuild({ id: ids.deploy, state: 'success', mode: 'deploy-hook', durationMs: 1_000, finishedAt: at(4) });
  });

  test('getList filters by state and mode, sorts by any listed field, pages with Content-Range', async () => {
    const successes = await editor.getList('site-builds', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'duration_ms', order: 'DESC' },
      filter: { state: ['success'] },
    });
    expect(successes.data.map((build) => build.id)).toEqual([ids.older, ids.ok, ids.deploy]);
    expect(successes.total).toBe(3);
    expect(successes.data[1]).toMatchObject({
      state: 'success',
      mode: 'local',
      pages: 987,
      duration_ms: 20_000,
      reasons: ['posts: criação de X'],
      finished_at: '2030-01-01T12:00:03.000Z',
    });

    const local = await editor.getList('site-builds', {
      pagination: { page: 2, perPage: 1 },
      sort: { field: 'finished_at', order: 'ASC' },
      filter: { state: ['success', 'failed'], mode: 'local' },
    });
    expect(local).toMatchObject({ total: 3, data: [{ id: ids.failed, log: 'linha 1\nerro de build' }] });

    const response = await call(
      s.editor.client,
      'GET',
      `/api/admin/rest/site-builds?${listQuery({ sort: ['pages', 'DESC'], range: [0, 1], filter: { state: 'success' } })}`,
    );
    expect(response.headers.get('content-range')).toBe('site-builds 0-1/3');
    expect(((await response.json()) as { id: string }[]).map((build) => build.id)).toEqual([ids.ok, ids.older]);
  });

  test('getOne and getMany by the publisher’s build id', async () => {
    expect((await editor.getOne('site-builds', { id: ids.failed })).data).toMatchObject({ id: ids.failed, state: 'failed' });
    await expect(editor.getOne('site-builds', { id: 'nenhum' })).rejects.toMatchObject({
      status: 404,
      message: 'Publicação não encontrada.',
    });
    const many = await editor.getMany('site-builds', { ids: [ids.ok, ids.deploy, 'nenhum'] });
    expect(many.data.map((build) => build.id).sort()).toEqual([ids.ok, ids.deploy].sort());
  });

  test('create is ‘Publicar agora’: the publisher builds at once and the build is listed by its id', async () => {
    const { data } = await editor.create('site-builds', { data: {} });
    expect(data).toMatchObject({ id: expect.any(String), state: 'queued' });
    expect(requested.at(-1)).toBe('Publicar agora (editor@exemplo.com.br)');
    await publisher.idle();
    await expect
      .poll(async () => (await call(s.editor.client, 'GET', `/api/admin/rest/site-builds/${data.id}`)).json(), {
        timeout: 10_000,
      })
      .toMatchObject({ id: data.id, state: 'success', pages: 3, log: 'nada a construir' });
  });

  test('without a reachable publisher, create answers 503 with the reason', async () => {
    await endpoint.close();
    const response = await call(s.admin.client, 'POST', '/api/admin/rest/site-builds', {});
    expect(response.status).toBe(503);
    expect(((await response.json()) as { message: string }).message).toBe(
      'O publicador não respondeu. Tente novamente em instantes.',
    );
  });
});
