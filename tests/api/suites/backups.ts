/**
 * The admin's backup routes (pb_hooks/backups.pb.js) on a real PocketBase: only
 * active admins; names from the URL never leave the backups folder; a created
 * backup is listed; only superusers download it (a zip of pb_data, keys included),
 * and no one on the staff can bring in an archive to restore; a restore answers
 * first, then really replaces the data and restarts the process (this file's own
 * server, so no other suite sees it restart), giving back every table (counts and a
 * checksum of all rows) and every uploaded file exactly as the backup held them.
 */
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type PocketBase from 'pocketbase';
import { extractZipEntry } from '../../../scripts/test-tools/unzip.mjs';
import { fromRoot } from '../../../scripts/lib/paths.mjs';
import { databaseSnapshot, queryRows, summary } from '../../helpers/database';
import { contactMessage } from '../../helpers/contact-message';
import { signIn, startStaffServer, type StaffServer } from '../../helpers/staff';
import { useStorage, type StorageKind, type StorageUnderTest } from '../../helpers/storage';

/** The suite, on the local disk or on S3 (tests/helpers/storage.ts). */
export function backupTests(kind: StorageKind) {
  let storage: StorageUnderTest;

  let s: StaffServer;

  beforeAll(async () => {
    storage = await useStorage(kind);
    s = await startStaffServer({ unthrottledLoopback: true, env: storage.env });
  });
  afterAll(async () => {
    await s?.stop();
    await storage?.stop();
  });

  interface BackupItem {
    id: string;
    name: string;
    size: number;
    modified: string;
  }

  /** A raw request with the client's token (if any), for status codes and binary bodies. */
  function call(client: PocketBase | null, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = {};
    if (client?.authStore.token) headers.Authorization = client.authStore.token;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${s.server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  /** ra-data-simple-rest's create (POST /api/admin/rest/backups). */
  async function createBackup(): Promise<BackupItem> {
    const response = await call(s.admin.client, 'POST', '/api/admin/rest/backups', {});
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as BackupItem;
  }

  /** ra-data-simple-rest's update with { restore: true } (PUT /api/admin/rest/backups/{id}). */
  const requestRestore = (client: PocketBase, name: string) =>
    call(client, 'PUT', `/api/admin/rest/backups/${name}`, { restore: true });

  describe('who may use the backup routes', () => {
    // The REST resource's own matrix (with an inactive admin) is in admin-rest.test.ts.
    test('anonymous visitors get 401; editors, authors and inactive accounts 403 with the pt-BR reason', async () => {
      for (const [method, path, body] of [
        ['GET', '/api/admin/rest/backups'],
        ['POST', '/api/admin/rest/backups', {}],
        ['GET', '/api/admin/backups/status'],
        ['GET', '/api/admin/backups/backup_20240101_000000.zip'],
        ['PUT', '/api/admin/rest/backups/backup_20240101_000000.zip', { restore: true }],
        ['DELETE', '/api/admin/rest/backups/backup_20240101_000000.zip'],
      ] as const) {
        expect((await call(null, method, path, body)).status, `${method} ${path} anônimo`).toBe(401);
        for (const member of [s.editor, s.author, s.otherAuthor, s.inactive]) {
          const response = await call(member.client, method, path, body);
          expect(response.status, `${method} ${path} ${member.name}`).toBe(403);
          expect(((await response.json()) as { message: string }).message).toBe(
            member === s.inactive ? 'Conta inativa.' : 'Você não tem permissão para gerenciar backups.',
          );
        }
      }
    });

    test('superusers use PocketBase\u2019s own /api/backups, not these routes', async () => {
      expect((await call(s.superuser, 'GET', '/api/admin/rest/backups')).status).toBe(403);
    });
  });

  const DOWNLOAD_DENIED =
    'Backups não são baixados pelo painel: eles contêm as chaves e senhas do sistema. ' +
    'Quem opera o servidor baixa pelo dashboard do PocketBase (/_/) ou copia de pb_data/backups no disco do servidor.';

  describe('staff admins manage backups but never hold the keys', () => {
    test('an admin cannot download a backup (it holds the token keys and the SMTP password): 403 with the reason', async () => {
      const created = await createBackup();
      for (const name of [created.name, 'backup_19990101_000000.zip', '..%2Fdata.db']) {
        const response = await call(s.admin.client, 'GET', `/api/admin/backups/${name}`);
        expect(response.status, name).toBe(403);
        expect(response.headers.get('content-type'), name).toMatch(/^application\/json/);
        expect(((await response.json()) as { message: string }).message, name).toBe(DOWNLOAD_DENIED);
      }
      // Nor through PocketBase's own backup routes, which are the superusers'.
      const token = await call(s.admin.client, 'POST', '/api/files/token');
      const fileToken = token.ok ? ((await token.json()) as { token: string }).token : '';
      for (const path of [`/api/backups/${created.name}?token=${fileToken}`, '/api/backups']) {
        expect([401, 403], path).toContain((await call(s.admin.client, 'GET', path)).status);
      }
    });

    test('an admin cannot bring in an archive: restore takes only a file the server made', async () => {
      // PocketBase's upload is the superusers'; the admin's routes take no file at all.
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'binary')]), 'de_fora.zip');
      const upload = await fetch(`${s.server.url}/api/backups/upload`, {
        method: 'POST',
        headers: { Authorization: s.admin.client.authStore.token },
        body: form,
      });
      expect([401, 403]).toContain(upload.status);
      const listed = (await (await call(s.admin.client, 'GET', '/api/admin/rest/backups')).json()) as BackupItem[];
      expect(listed.map((item) => item.name)).not.toContain('de_fora.zip');
      const restore = await requestRestore(s.admin.client, 'de_fora.zip');
      expect(restore.status).toBe(404);
      expect(((await restore.json()) as { message: string }).message).toBe('Backup não encontrado.');
    });
  });

  describe('create, list and download', () => {
    test('an admin creates a backup named backup_YYYYMMDD_HHMMSS.zip; it is listed newest first', async () => {
      const before = Date.now();
      const created = await createBackup();
      expect(created.name).toMatch(/^backup_\d{8}_\d{6}(_\d+)?\.zip$/);
      expect(created.id).toBe(created.name);
      expect(created.size).toBeGreaterThan(0);
      expect(new Date(created.modified).getTime()).toBeGreaterThan(before - 5_000);

      const second = await createBackup();
      expect(second.name).not.toBe(created.name);

      const response = await call(s.admin.client, 'GET', '/api/admin/rest/backups');
      expect(response.status).toBe(200);
      const items = (await response.json()) as BackupItem[];
      expect(response.headers.get('content-range')).toBe(`backups 0-${items.length - 1}/${items.length}`);
      const names = items.map((item) => item.name);
      expect(names).toContain(created.name);
      expect(names.indexOf(second.name)).toBeLessThan(names.indexOf(created.name));
      // The restore note and other files in the folder are never listed.
      expect(names.every((name) => name.endsWith('.zip'))).toBe(true);
    });

    test('a superuser downloads the zip of pb_data, with the SQLite database, never cached', async () => {
      const created = await createBackup();
      const response = await call(s.superuser, 'GET', `/api/admin/backups/${created.name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename=${created.name}`);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const zip = Buffer.from(await response.arrayBuffer());
      expect(zip.length).toBe(created.size);
      expect(zip.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
      const database = extractZipEntry(zip, 'data.db');
      expect(database.subarray(0, 16).toString('binary')).toBe('SQLite format 3\u0000');
    });

    test('creating a backup leaves an audit row with who did it', async () => {
      const created = await createBackup();
      const row = await s.admin.client
        .collection('audit_logs')
        .getFirstListItem(s.admin.client.filter('table_name = "backups" && record_id = {:name}', { name: created.name }));
      expect(row).toMatchObject({ action: 'INSERT', user: s.admin.actor!.id, actor: s.admin.fullName });
      expect(row.new_values).toMatchObject({ name: created.name, size: created.size });
    });
  });

  describe('names from the URL', () => {
    test('anything but a plain .zip name in the backups folder is refused before touching the disk', async () => {
      for (const name of [
        '..%2Fdata.db',
        '..%2F..%2Fetc%2Fpasswd',
        '%2E%2E%2Fdata.db',
        '..%2Fbackups.zip',
        'data.db',
        '.restore-audit.json',
        '.hidden.zip',
        'a..zip',
        'nome%20com%20espaco.zip',
        '%5C..%5Cdata.db',
      ]) {
        for (const [method, path] of [
          ['GET', `/api/admin/backups/${name}`],
          ['GET', `/api/admin/rest/backups/${name}`],
          ['PUT', `/api/admin/rest/backups/${name}`],
          ['DELETE', `/api/admin/rest/backups/${name}`],
        ] as const) {
          // The download is the superusers' (an admin gets 403 before the name is read).
          const client = path.startsWith('/api/admin/backups/') ? s.superuser : s.admin.client;
          const response = await call(client, method, path, method === 'PUT' ? { restore: true } : undefined);
          expect(response.status, `${method} ${path}`).toBe(400);
          expect(((await response.json()) as { message: string }).message).toBe('Nome de backup inválido.');
        }
      }
    });

    test('a valid name that does not exist is a 404', async () => {
      expect((await call(s.superuser, 'GET', '/api/admin/backups/backup_19990101_000000.zip')).status).toBe(404);
      expect((await requestRestore(s.admin.client, 'backup_19990101_000000.zip')).status).toBe(404);
    });

    test('a raw ../ in the path never reaches the route', async () => {
      // fetch normalizes "..", so the request goes out as typed only through a raw socket;
      // the router cleans it to /api/admin/data.db, which matches no backup route.
      const { request } = await import('node:http');
      const url = new URL(s.server.url);
      const { status, location } = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: '/api/admin/backups/../data.db',
            headers: { Authorization: s.admin.client.authStore.token },
          },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, location: res.headers.location });
          },
        );
        req.on('error', reject);
        req.end();
      });
      if (status === 404) return;
      expect([301, 307, 308]).toContain(status);
      expect(location).toBe('/api/admin/data.db');
    });
  });

  async function status(client: PocketBase) {
    const response = await call(client, 'GET', '/api/admin/backups/status');
    if (!response.ok) return null;
    return (await response.json()) as { bootId: string; busy: boolean; failed: string };
  }

  describe('restore', () => {
    test('answers the backup at once, restores its data and restarts the server', async () => {
      const kept = await s.editor.client.collection('posts').create({ title: 'Antes do backup', category: 'Técnico' });
      const backup = await createBackup();
      const lost = await s.editor.client.collection('posts').create({ title: 'Depois do backup', category: 'Técnico' });

      const before = await status(s.admin.client);
      expect(before).toMatchObject({ busy: false, failed: '' });

      const response = await requestRestore(s.admin.client, backup.name);
      expect(response.status).toBe(200);
      // A complete body before the restart (declared length): react-admin's update needs the record.
      expect(await response.json()).toEqual({ ...backup, restoring: true });

      // The process re-executes itself (same pid, same port): wait for a new boot id.
      const deadline = Date.now() + 60_000;
      let after: Awaited<ReturnType<typeof status>> = null;
      while (Date.now() < deadline) {
        try {
          after = await status(s.admin.client);
          if (after && after.bootId !== before!.bootId) break;
          expect(after?.failed ?? '').toBe('');
        } catch (error) {
          if (!(error instanceof TypeError)) throw error; // connection refused while restarting
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(after?.bootId).toBeDefined();
      expect(after!.bootId).not.toBe(before!.bootId);

      // The admin's session survives (same account and token key in the backup).
      const admin = await signIn(s.server, s.admin.email);
      const ids = (await admin.collection('posts').getFullList()).map((post) => post.id);
      expect(ids).toContain(kept.id);
      expect(ids).not.toContain(lost.id);

      // The restarted process wrote who restored what into the restored data.
      const row = await admin
        .collection('audit_logs')
        .getFirstListItem(
          admin.filter('table_name = "backups" && action = "UPDATE" && record_id = {:name}', { name: backup.name }),
        );
      expect(row).toMatchObject({ user: s.admin.actor!.id, actor: s.admin.fullName });
      expect(row.new_values).toMatchObject({ restored_from: backup.name });

      // The backups themselves are not part of the restored data: all still listed.
      const listed = (await (await call(admin, 'GET', '/api/admin/rest/backups')).json()) as BackupItem[];
      expect(listed.map((item) => item.name)).toContain(backup.name);
    });
  });

  describe('a restored backup is identical to the data it was made from', () => {
    /** Restores a backup through the admin route and waits for the restarted process. */
    async function restore(name: string) {
      const before = await status(s.admin.client);
      expect(before).toMatchObject({ busy: false, failed: '' });
      const response = await requestRestore(s.admin.client, name);
      expect(response.status).toBe(200);
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        try {
          const after = await status(s.admin.client);
          if (after && after.bootId !== before!.bootId) return;
          expect(after?.failed ?? '').toBe('');
        } catch (error) {
          if (!(error instanceof TypeError)) throw error; // connection refused while restarting
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`o servidor não reiniciou após restaurar ${name}`);
    }

    const dataDb = () => path.join(s.server.dataDir, 'data.db');
    const media = (file: Blob, name: string, alt: string) => {
      const form = new FormData();
      form.append('file', file, name);
      form.append('alt_text', alt);
      return s.editor.client.collection('media').create(form);
    };
    const fileUrl = (record: { collectionName: string; id: string; [field: string]: unknown }) =>
      `${s.server.url}/api/files/${record.collectionName}/${record.id}/${String(record.file)}`;

    test('every table (counts and a checksum of all rows) and every uploaded file come back as they were', async () => {
      // Varied data, written the way the product writes it (each staff write leaves an audit row).
      const png = await readFile(fromRoot('public', 'favicon-32.png'));
      const draft = await s.author.client.collection('posts').create({
        title: 'Rascunho para o backup',
        category: 'Tutoriais',
        tags: ['ESP32'],
        content: '## Passo 1\n\nLigue a placa.',
      });
      const published = await s.editor.client.collection('posts').create({
        title: 'Publicado antes do backup',
        category: 'Negócios',
        excerpt: 'Resumo publicado.',
        content: 'Texto **publicado**.',
        status: 'published',
      });
      await s.admin.client.collection('posts').update(draft.id, { excerpt: 'Resumo revisado pela administração.' });
      const coverForm = new FormData();
      coverForm.append('title', 'Post com capa');
      coverForm.append('category', 'Técnico');
      coverForm.append('status', 'published');
      coverForm.append('cover', new Blob([png], { type: 'image/png' }), 'capa.png');
      const withCover = await s.editor.client.collection('posts').create(coverForm);
      const page = await s.editor.client.collection('pages').create({
        name: 'Garantia estendida',
        title: 'Garantia estendida',
        meta_description: 'Como funciona a garantia estendida dos controladores.',
        content: { sections: [{ id: 'garantia1', type: 'text', title: '', body: 'Dois anos de garantia.', style: 'plain' }] },
        status: 'published',
      });
      await s.editor.client.collection('pages').create({ name: 'Rascunho de página', status: 'draft' });
      const phone = await s.admin.client.collection('public_site_settings').getFirstListItem('key = "contact_phone"');
      await s.admin.client.collection('public_site_settings').update(phone.id, { value: '(47) 3000-1234' });
      const youtube = await s.admin.client.collection('public_site_settings').getFirstListItem('key = "social_youtube"');
      const image = await media(new Blob([png], { type: 'image/png' }), 'placa-frente.png', 'Frente da placa');
      const note = await media(new Blob(['Manual de instalação, revisão 3.'], { type: 'text/plain' }), 'manual.txt', 'Manual');
      await s.anonymous.client.collection('contact_messages').create(contactMessage());
      await s.anonymous.client.collection('newsletter_subscribers').create({ email: 'backup@exemplo.com.br', source: '/blog' });

      const snapshot = databaseSnapshot(dataDb());
      const files = await storage.checksums(s.server);
      expect(snapshot.get('posts')!.count).toBeGreaterThanOrEqual(2);
      expect(snapshot.get('pages')!.count).toBeGreaterThanOrEqual(2);
      expect(snapshot.get('media')!.count).toBe(2);
      expect(snapshot.get('audit_logs')!.count).toBeGreaterThanOrEqual(8);
      expect(Object.keys(files).length).toBeGreaterThanOrEqual(2);

      const backup = await createBackup();

      // Everything changes after the backup: updates, deletions, new records and files.
      await s.editor.client.collection('posts').update(published.id, { title: 'Título trocado depois do backup' });
      await s.editor.client.collection('posts').delete(draft.id);
      await s.editor.client.collection('posts').create({ title: 'Post novo depois do backup', category: 'Técnico' });
      await s.editor.client.collection('pages').delete(page.id);
      await s.admin.client.collection('public_site_settings').update(phone.id, { value: '(11) 4000-0000' });
      await s.admin.client.collection('public_site_settings').delete(youtube.id);
      await s.editor.client.collection('media').delete(image.id);
      const newCover = new FormData();
      newCover.append(
        'cover',
        new Blob([await readFile(fromRoot('public', 'apple-touch-icon.png'))], { type: 'image/png' }),
        'capa-nova.png',
      );
      await s.editor.client.collection('posts').update(withCover.id, newCover);
      const later = await media(new Blob(['Arquivo enviado depois do backup.'], { type: 'text/plain' }), 'depois.txt', 'Depois');
      await s.anonymous.client.collection('newsletter_subscribers').create({ email: 'depois@exemplo.com.br', source: '/' });
      expect(summary(databaseSnapshot(dataDb()))).not.toEqual(summary(snapshot));
      expect(await storage.checksums(s.server)).not.toEqual(files);

      await restore(backup.name);

      // The restarted process adds exactly one row to the restored data: who restored what.
      const isRestoreRow = (table: string, row: Record<string, unknown>) =>
        table === 'audit_logs' && row.table_name === 'backups' && row.action === 'UPDATE' && row.record_id === backup.name;
      const restoreRows: unknown[] = [];
      const restored = databaseSnapshot(dataDb(), (table, row) => {
        const match = isRestoreRow(table, row);
        if (match) restoreRows.push(row);
        return match;
      });
      expect(restoreRows).toHaveLength(1);
      for (const [table, { rows }] of snapshot) {
        expect(Object.fromEntries(restored.get(table)?.rows ?? []), `tabela ${table}`).toEqual(Object.fromEntries(rows));
      }
      expect(summary(restored)).toEqual(summary(snapshot));
      const now = await storage.checksums(s.server);
      if (storage.kind === 'local') {
        // The files travel inside the zip: all come back, and the later upload is gone.
        expect(now).toEqual(files);
      } else {
        // On S3 the files stay in the bucket: the one deleted after the backup comes back
        // from the trash (pb_hooks/lib/backups/file-trash.js); the later upload stays in the
        // bucket, named by no record (and so never served).
        for (const [key, checksum] of Object.entries(files)) expect(now[key], key).toBe(checksum);
      }
      const cover = await fetch(`${s.server.url}/api/files/posts/${withCover.id}/${String(withCover.cover)}`);
      expect(cover.status, await cover.clone().text()).toBe(200);
      expect(Buffer.from(await cover.arrayBuffer()).equals(png)).toBe(true);
      const served = await fetch(fileUrl(image));
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
      expect(await (await fetch(fileUrl(note))).text()).toBe('Manual de instalação, revisão 3.');
      expect((await fetch(fileUrl(later))).status).toBe(404);

      console.log(
        `[backup] restaurado ${backup.name} (${backup.size} bytes): ` +
          [...snapshot].map(([table, { count }]) => `${table} ${count}`).join(', ') +
          `; ${Object.keys(files).length} arquivos enviados.`,
      );
    }, 120_000);
  });

  describe('every backup carries a manifest, and the restore drill checks a restore against it', () => {
    const md5 = (bytes: Uint8Array | string) => createHash('md5').update(bytes).digest('hex');
    const upload = (content: string, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'text/plain' }), name);
      form.append('alt_text', name);
      return s.editor.client.collection('media').create(form);
    };

    /** `npm run restore-drill -- BACKUP` as an operator runs it, with this storage's S3_* variables. */
    async function drill(backup: BackupItem) {
      const argument = storage.kind === 'local' ? path.join(s.server.dataDir, 'backups', backup.name) : backup.name;
      const result = await new Promise<{ code: number; output: string }>((resolve) => {
        execFile(
          process.execPath,
          [fromRoot('scripts', 'restore-drill.mjs'), argument],
          { env: { ...process.env, ...storage.env, PB_DATA: s.server.dataDir }, timeout: 120_000 },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
        );
      });
      return result;
    }

    test('the manifest counts every collection and names every uploaded file with its size and MD5', async () => {
      const text = `Catálogo ${randomUUID()}`;
      const media = await upload(text, 'catalogo.txt');
      // Read before: creating the backup then writes its own audit row.
      const database = databaseSnapshot(path.join(s.server.dataDir, 'data.db'));
      const backup = await createBackup();
      const zip = Buffer.from(await (await call(s.superuser, 'GET', `/api/admin/backups/${backup.name}`)).arrayBuffer());
      const manifest = JSON.parse(extractZipEntry(zip, 'backup-manifest.json').toString('utf8')) as {
        storage: { kind: string; bucket?: string };
        collections: Record<string, number>;
        files: { key: string; collection: string; field: string; size: number; md5: string }[];
        missing: string[];
      };
      for (const name of ['posts', 'pages', 'media', 'users', 'audit_logs', 'revisions', '_superusers']) {
        expect(manifest.collections[name], name).toBe(database.get(name)!.count);
      }
      // A backup holds no secret of the storage: only where the files are.
      expect(manifest.storage).toEqual(
        storage.kind === 'local'
          ? { kind: 'local' }
          : { kind: 's3', endpoint: storage.env.S3_ENDPOINT, bucket: storage.env.S3_BUCKET },
      );
      expect(manifest.files).toContainEqual(
        expect.objectContaining({
          key: `${media.collectionId}/${media.id}/${String(media.file)}`,
          collection: 'media',
          field: 'file',
          size: Buffer.byteLength(text),
          md5: md5(text),
        }),
      );
      // Every media record's file is named (on S3 too: the restore test above brought a
      // file deleted after its backup back from the trash).
      expect(manifest.files.filter((file) => file.collection === 'media').length).toBe(
        (await s.superuser.collection('media').getFullList()).length,
      );
      expect(manifest.missing).toEqual([]);
      // Written for the backup only: not left in the live data dir.
      expect(existsSync(path.join(s.server.dataDir, 'backup-manifest.json'))).toBe(false);
    });

    test('backups are scheduled every day at 03:00 (last 7 kept), and a scheduled one carries its manifest too', async () => {
      const settings = await s.superuser.settings.getAll();
      expect(settings.backups).toMatchObject({ cron: '0 3 * * *', cronMaxKeep: 7 });
      // PocketBase's own job, run now instead of at 03:00.
      const run = await call(s.superuser, 'POST', '/api/crons/__pbAutoBackup__');
      expect(run.status, await run.clone().text()).toBe(204);
      let scheduled: BackupItem | undefined;
      for (let attempt = 0; attempt < 100 && !scheduled; attempt++) {
        const items = (await (await call(s.admin.client, 'GET', '/api/admin/rest/backups')).json()) as BackupItem[];
        scheduled = items.find((item) => item.name.startsWith('@auto_pb_backup_'));
        if (!scheduled) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(scheduled).toBeDefined();
      const zip = Buffer.from(await (await call(s.superuser, 'GET', `/api/admin/backups/${scheduled!.name}`)).arrayBuffer());
      const manifest = JSON.parse(extractZipEntry(zip, 'backup-manifest.json').toString('utf8')) as {
        collections: Record<string, number>;
      };
      expect(manifest.collections.posts).toBeGreaterThanOrEqual(0);
    });

    test('the drill restores a backup made here into a fresh data dir and finds everything as it was', async () => {
      await upload('Ficha técnica do CLP.', 'ficha.txt');
      const backup = await createBackup();
      const { code, output } = await drill(backup);
      expect(output).toContain('OK: tudo confere');
      expect(code, output).toBe(0);
      expect(output).toMatch(/Restaurado em .* em \d+\.\d s/);
    }, 150_000);

    if (kind === 's3') {
      test('a file deleted through the panel after the backup waits in the trash: the drill finds it there', async () => {
        const media = await upload('Catálogo antigo.', 'catalogo-antigo.txt');
        const backup = await createBackup();
        // The first deletion puts it in Mídia excluída (still served); the second deletes it for good.
        await s.editor.client.collection('media').delete(media.id);
        await s.editor.client.collection('media').delete(media.id);
        const key = `${media.collectionId}/${media.id}/${String(media.file)}`;
        // PocketBase deletes a record's files just after the delete, in the background.
        for (let attempt = 0; attempt < 50 && (await storage.files!.get(key)) !== null; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(await storage.files!.get(key)).toBeNull();
        expect((await storage.files!.get(`trash/${key}`))?.toString()).toBe('Catálogo antigo.');
        const { code, output } = await drill(backup);
        expect(code, output).toBe(0);
        expect(output).toContain('1 arquivo(s) excluído(s) ou trocado(s) depois do backup: voltam da lixeira ao restaurar');
      }, 150_000);
    }

    test('the drill fails, naming the file, when a stored file is not what the backup recorded', async () => {
      const media = await upload('Versão original do manual.', 'manual-original.txt');
      const key = `${media.collectionId}/${media.id}/${String(media.file)}`;
      let backup: BackupItem;
      if (storage.kind === 'local') {
        // Damaged on disk before the backup (the MD5 the storage recorded at upload stays).
        await writeFile(path.join(s.server.dataDir, 'storage', key), 'Bytes trocados no disco.');
        backup = await createBackup();
      } else {
        // Gone from the bucket after the backup.
        backup = await createBackup();
        await storage.files!.delete(key);
      }
      const { code, output } = await drill(backup);
      expect(code, output).toBe(1);
      expect(output).toContain('FALHOU');
      expect(output).toContain(storage.kind === 'local' ? `arquivo ${key}: ` : `arquivo ausente: ${key}`);
    }, 150_000);
  });

  if (kind === 's3') {
    describe('the S3 secret is never readable', () => {
      test('not through the settings API, not in the database, not in a backup', async () => {
        const secret = storage.env.S3_SECRET!;
        const settings = await s.superuser.settings.getAll();
        expect(settings.s3).toMatchObject({ enabled: true, bucket: storage.env.S3_BUCKET });
        expect(settings.backups.s3).toMatchObject({ enabled: true, bucket: `${storage.env.S3_BUCKET}-backups` });
        expect(settings.s3.secret ?? '').toBe('');
        expect(settings.backups.s3.secret ?? '').toBe('');
        expect(JSON.stringify(settings)).not.toContain(secret);

        const stored = queryRows(path.join(s.server.dataDir, 'data.db'), "SELECT value FROM _params WHERE id = 'settings'");
        expect(String(stored[0]?.value)).not.toContain(secret);
        // Left out of the stored copy: a reload keeps the live S3 settings as they are.
        expect(JSON.parse(String(stored[0]?.value)).s3).toBeUndefined();
        expect(JSON.parse(String(stored[0]?.value)).backups.s3).toBeUndefined();

        const backup = await createBackup();
        const zip = Buffer.from(await (await call(s.superuser, 'GET', `/api/admin/backups/${backup.name}`)).arrayBuffer());
        // Not in the database, nor in its WAL. The zip's WAL is empty (PocketBase's pages are all in
        // data.db), but for one frame with the replica on: Litestream's checkpoint before the backup
        // (server/replication/) restarts the log with a write to its own _litestream_seq table.
        for (const entry of ['data.db', 'data.db-wal', 'auxiliary.db', 'auxiliary.db-wal', 'backup-manifest.json']) {
          let bytes: Buffer;
          try {
            bytes = extractZipEntry(zip, entry);
          } catch {
            continue; // not in this zip
          }
          expect(bytes.includes(Buffer.from(secret)), entry).toBe(false);
          if (entry === 'data.db-wal') expect(bytes.length, entry).toBeLessThanOrEqual(32 + 24 + 4096);
        }
        expect(extractZipEntry(zip, 'data.db').length).toBeGreaterThan(0);
        // And the backup is in the backups bucket, not on the server's disk.
        expect((await storage.backups!.list()).map((object) => object.key)).toContain(backup.name);
        expect(existsSync(path.join(s.server.dataDir, 'backups', backup.name))).toBe(false);
      });

      test('a settings change through the API keeps S3 as the environment says; changing S3 there is refused', async () => {
        const settings = await s.superuser.settings.getAll();
        await s.superuser.settings.update({ meta: { ...settings.meta, appName: 'Operium (teste)' } });
        expect((await s.superuser.settings.getAll()).s3).toMatchObject({ enabled: true, bucket: storage.env.S3_BUCKET });
        const stored = queryRows(path.join(s.server.dataDir, 'data.db'), "SELECT value FROM _params WHERE id = 'settings'");
        expect(String(stored[0]?.value)).not.toContain(storage.env.S3_SECRET!);

        const response = await fetch(`${s.server.url}/api/settings`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json', Authorization: s.superuser.authStore.token },
          body: JSON.stringify({ s3: { ...settings.s3, bucket: 'outro-bucket' } }),
        });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { message: string }).message).toBe(
          'O armazenamento S3 deste servidor é definido pelas variáveis de ambiente S3_*: ' +
            'altere-as e reinicie o servidor em vez de mudar estas configurações.',
        );
      });
    });
  }
}
