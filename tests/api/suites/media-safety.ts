/**
 * Uploaded files can never run script on our origin: what could (HTML, SVG, markup
 * disguised as an image or as text) is refused with a clear pt-BR message, and what
 * is accepted is served from /api/files/… with its real type, `nosniff`, a sandboxing
 * Content-Security-Policy, and as a download unless it is a raster image.
 *
 * Two ways in: the media library (any active staff member, pb_hooks/media.pb.js) and
 * a staff member's avatar (their profile, or an admin creating the account). Both go
 * through pb_hooks/lib/media/uploads.js; the file fields' own mimeTypes lists check again.
 * A public sign-up carries no avatar at all (pb_hooks/accounts.pb.js).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AVATAR_THUMB } from '../../../src/admin/authProvider';
import { gif, jpeg, png, pngFile, webp } from '../../helpers/images';
import { startStaffServer, type StaffServer } from '../../helpers/staff';
import { useStorage, type StorageKind, type StorageUnderTest } from '../../helpers/storage';

/** The suite, on the local disk or on S3 (tests/helpers/storage.ts). */
export function mediaSafetyTests(kind: StorageKind) {
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

  const HTML = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>';
  const PDF =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

  type Content = string | Uint8Array<ArrayBuffer>;

  async function uploadMedia(name: string, content: Content, type: string) {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), name);
    return fetch(`${s.server.url}/api/collections/media/records`, {
      method: 'POST',
      headers: { Authorization: s.author.client.authStore.token },
      body: form,
    });
  }

  function avatarForm(name: string, content: Content, type: string) {
    const form = new FormData();
    form.append('avatar', new Blob([content], { type }), name);
    return form;
  }

  /** An active staff member changes their own avatar, as the admin's profile page does. */
  async function uploadOwnAvatar(name: string, content: Content, type: string) {
    const { authStore } = s.author.client;
    return fetch(`${s.server.url}/api/collections/users/records/${authStore.record?.id}`, {
      method: 'PATCH',
      headers: { Authorization: authStore.token },
      body: avatarForm(name, content, type),
    });
  }

  /** A visitor signs up with an avatar; `as` sends an admin's token instead. */
  async function signUpWithAvatar(name: string, content: Content, type: string, as?: PocketBase) {
    const form = avatarForm(name, content, type);
    form.append('email', `avatar-${Math.random().toString(36).slice(2)}@exemplo.com.br`);
    form.append('password', 'Senha-Forte-123');
    form.append('passwordConfirm', 'Senha-Forte-123');
    return fetch(`${s.server.url}/api/collections/users/records`, {
      method: 'POST',
      headers: as ? { Authorization: as.authStore.token } : {},
      body: form,
    });
  }

  const mediaCount = async () => (await s.superuser.collection('media').getList(1, 1)).totalItems;

  /**
   * The refusal: a 400 whose `file` (or `avatar`) error opens with 'Tipo de
   * arquivo não permitido.' (what the admin's toast shows) and then names the problem.
   */
  async function expectRefused(response: Response, field: string, message: RegExp) {
    const body = (await response.json()) as { status: number; data: Record<string, { code: string; message: string }> };
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body.data[field]?.code).toBe('validation_invalid_mime_type');
    expect(body.data[field]?.message).toMatch(/^Tipo de arquivo não permitido\. /);
    expect(body.data[field]?.message).toMatch(message);
  }

  /** The headers that keep a served file from running as a page on our origin. */
  /** @param token a file token, for files only their record's readers get (avatars). */
  async function servedHeaders(path: string, token = '') {
    const response = await fetch(`${s.server.url}${path}${token ? `?token=${token}` : ''}`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const headers = response.headers;
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/(^|;)\s*sandbox\s*(;|$)/);
    return { type: headers.get('content-type') ?? '', disposition: headers.get('content-disposition') ?? '' };
  }

  describe('the media library refuses what could run as a page', () => {
    const cases: { label: string; name: string; content: Content; type: string; message: RegExp }[] = [
      {
        label: 'an HTML page',
        name: 'pagina.html',
        content: HTML,
        type: 'text/html',
        message: /Arquivos \.html não são aceitos/,
      },
      {
        label: 'an SVG with script',
        name: 'desenho.svg',
        content: SVG,
        type: 'image/svg+xml',
        message: /Arquivos \.svg não são aceitos/,
      },
      {
        label: 'HTML named as a PNG',
        name: 'foto.png',
        content: HTML,
        type: 'image/png',
        message: /não corresponde à extensão \.png/,
      },
      {
        label: 'SVG named as a JPEG',
        name: 'foto.jpg',
        content: SVG,
        type: 'image/jpeg',
        message: /não corresponde à extensão \.jpg/,
      },
      {
        label: 'HTML named as text',
        name: 'leia-me.txt',
        content: `\uFEFF  \n${HTML}`,
        type: 'text/plain',
        message: /não corresponde à extensão \.txt/,
      },
      {
        label: 'XML named as text',
        name: 'dados.txt',
        content: '<?xml version="1.0"?><x/>',
        type: 'text/plain',
        message: /não corresponde à extensão \.txt/,
      },
      {
        label: 'a PNG named as a JPEG',
        name: 'trocada.jpg',
        content: png(),
        type: 'image/jpeg',
        message: /não corresponde à extensão \.jpg/,
      },
      {
        label: 'a double extension',
        name: 'foto.png.html',
        content: HTML,
        type: 'text/html',
        message: /Arquivos \.html não são aceitos/,
      },
      {
        label: 'no extension',
        name: 'arquivo',
        content: HTML,
        type: 'application/octet-stream',
        message: /Arquivos sem extensão não são aceitos/,
      },
      {
        label: 'a program',
        name: 'programa.exe',
        content: 'MZ\u0090\u0000',
        type: 'application/octet-stream',
        message: /Arquivos \.exe não são aceitos/,
      },
    ];

    test.each(cases)('$label ($name)', async ({ name, content, type, message }) => {
      const before = await mediaCount();
      await expectRefused(await uploadMedia(name, content, type), 'file', message);
      expect(await mediaCount()).toBe(before);
    });

    test('the refusal names what is accepted, in pt-BR', async () => {
      const response = await uploadMedia('pagina.html', HTML, 'text/html');
      const body = (await response.json()) as { data: { file: { message: string } } };
      expect(body.data.file.message).toBe(
        'Tipo de arquivo não permitido. Arquivos .html não são aceitos. Envie imagens (JPG, PNG, GIF ou WebP), PDF, TXT, DOC ou DOCX.',
      );
    });
  });

  describe('accepted files are served so they cannot run on our origin', () => {
    const served = async (response: Response) => {
      expect(response.status, await response.clone().text()).toBe(200);
      const record = (await response.json()) as { id: string; file: string; mime_type: string; original_filename: string };
      return { record, path: `/api/files/media/${record.id}/${record.file}` };
    };

    test('a real PNG: image/png, inline (also its thumbnail)', async () => {
      const { record, path } = await served(await uploadMedia('Produto.PNG', png(), 'image/png'));
      expect(record.mime_type).toBe('image/png');
      const original = await servedHeaders(path);
      expect(original.type).toBe('image/png');
      expect(original.disposition).toMatch(/^inline/);
      const thumb = await servedHeaders(`${path}?thumb=100x100`);
      expect(thumb.type).toBe('image/png');
      expect(thumb.disposition).toMatch(/^inline/);
      // Asking for a download is honoured.
      expect((await servedHeaders(`${path}?download=1`)).disposition).toMatch(/^attachment/);
    });

    test(`the file and its thumbnail are stored in ${kind === 's3' ? 'the S3 bucket, not on the server' : 'the data dir'}`, async () => {
      const bytes = png();
      const { record, path: filePath } = await served(await uploadMedia('Placa.png', bytes, 'image/png'));
      await servedHeaders(`${filePath}?thumb=100x100`);
      const collectionId = (await s.superuser.collections.getOne('media')).id;
      const key = `${collectionId}/${record.id}/${record.file}`;
      const local = join(s.server.dataDir, 'storage', ...key.split('/'));
      if (kind === 's3') {
        expect(Buffer.from((await storage.files!.get(key))!).equals(Buffer.from(bytes))).toBe(true);
        const keys = (await storage.files!.list(`${collectionId}/${record.id}/`)).map((object) => object.key);
        expect(keys).toContain(`${collectionId}/${record.id}/thumbs_${record.file}/100x100_${record.file}`);
        expect(existsSync(local)).toBe(false);
      } else {
        expect(readFileSync(local).equals(Buffer.from(bytes))).toBe(true);
      }
    });

    test('a PNG carrying HTML after its signature stays an image', async () => {
      const polyglot = new Uint8Array([...png(), ...new TextEncoder().encode(HTML)]);
      const { path } = await served(await uploadMedia('poliglota.png', polyglot, 'image/png'));
      const headers = await servedHeaders(path);
      expect(headers.type).toBe('image/png');
      expect(headers.disposition).toMatch(/^inline/);
    });

    test('a PDF (even with JavaScript inside) is a download', async () => {
      const { record, path } = await served(await uploadMedia('catalogo.pdf', PDF, 'application/pdf'));
      expect(record.mime_type).toBe('application/pdf');
      const headers = await servedHeaders(path);
      expect(headers.type).toBe('application/pdf');
      expect(headers.disposition).toMatch(/^attachment/);
    });

    test('text with a script inside is plain text, and a download', async () => {
      const { record, path } = await served(await uploadMedia('notas.txt', `Notas da reunião\n${HTML}\n`, 'text/plain'));
      expect(record.mime_type).toBe('text/plain');
      const headers = await servedHeaders(path);
      expect(headers.type).toMatch(/^text\/plain/);
      expect(headers.disposition).toMatch(/^attachment/);
    });

    test('the original name is kept without markup or control characters', async () => {
      const { record } = await served(await uploadMedia('<img src=x onerror=alert(1)>\u202Egnp.png', png(), 'image/png'));
      expect(record.original_filename).toBe('img src=x onerror=alert(1)gnp.png');
    });
  });

  describe("a staff member's avatar", () => {
    test('refuses HTML and SVG, also disguised, and anything but a raster image', async () => {
      const message = /Envie uma imagem JPG, PNG, GIF ou WebP\.$/;
      await expectRefused(await uploadOwnAvatar('foto.html', HTML, 'text/html'), 'avatar', message);
      await expectRefused(await uploadOwnAvatar('foto.svg', SVG, 'image/svg+xml'), 'avatar', message);
      await expectRefused(await uploadOwnAvatar('foto.png', HTML, 'image/png'), 'avatar', /não corresponde à extensão \.png/);
      await expectRefused(
        await uploadOwnAvatar('curriculo.pdf', PDF, 'application/pdf'),
        'avatar',
        /Arquivos \.pdf não são aceitos/,
      );
      await expectRefused(await signUpWithAvatar('foto.svg', SVG, 'image/svg+xml', s.admin.client), 'avatar', message);
    });

    test('accepts a real PNG, served inline as an image with the same protections', async () => {
      const response = await uploadOwnAvatar('eu.png', png(300), 'image/png');
      expect(response.status, await response.clone().text()).toBe(200);
      const user = (await response.json()) as { id: string; avatar: string };
      const token = await s.author.client.files.getToken();
      const headers = await servedHeaders(`/api/files/users/${user.id}/${user.avatar}`, token);
      expect(headers.type).toBe('image/png');
      expect(headers.disposition).toMatch(/^inline/);
      // The admin's app bar gets a real thumbnail: PocketBase answers a size it does not
      // generate with the original file (up to 2 MB in the app bar).
      const url = `${s.server.url}/api/files/users/${user.id}/${user.avatar}`;
      const original = new Uint8Array(await (await fetch(`${url}?token=${token}`)).arrayBuffer());
      const thumb = await fetch(`${url}?thumb=${AVATAR_THUMB}&token=${token}`);
      expect(thumb.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await thumb.arrayBuffer())).not.toEqual(original);
    });

    test('an avatar is served only to who may read the account: its owner and admins, not visitors or other staff', async () => {
      const response = await uploadOwnAvatar('privado.png', png(), 'image/png');
      expect(response.status, await response.clone().text()).toBe(200);
      const user = (await response.json()) as { id: string; avatar: string };
      const url = `${s.server.url}/api/files/users/${user.id}/${user.avatar}`;
      const statusWith = async (client?: PocketBase, thumb = false) => {
        const token = client ? await client.files.getToken() : '';
        const query = [token ? `token=${token}` : '', thumb ? `thumb=${AVATAR_THUMB}` : ''].filter(Boolean).join('&');
        const answer = await fetch(query ? `${url}?${query}` : url);
        await answer.arrayBuffer();
        return answer.status;
      };
      expect(await statusWith(), 'visitante').toBe(404);
      expect(await statusWith(undefined, true), 'visitante, miniatura').toBe(404);
      expect(await statusWith(s.editor.client), 'outro membro da equipe').toBe(404);
      expect(await statusWith(s.author.client), 'o dono').toBe(200);
      expect(await statusWith(s.admin.client, true), 'administradora').toBe(200);
    });

    test('an admin may create an account with its avatar', async () => {
      const response = await signUpWithAvatar('equipe.png', png(), 'image/png', s.admin.client);
      expect(response.status, await response.clone().text()).toBe(200);
      expect(((await response.json()) as { avatar: string }).avatar).toMatch(/\.png$/);
    });

    test('a public sign-up with an avatar is refused and creates no account: no image hosting for strangers', async () => {
      const users = async () => (await s.superuser.collection('users').getList(1, 1)).totalItems;
      const before = await users();
      const response = await signUpWithAvatar('eu.png', png(), 'image/png');
      const body = (await response.json()) as { data: Record<string, { code: string; message: string }> };
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(body.data.avatar?.message).toBe('O avatar é escolhido depois, no seu perfil, com a conta já ativada.');
      expect(await users()).toBe(before);
    });
  });

  describe("a post's cover", () => {
    const createPost = (name: string, content: Content, type: string, status = 'draft') => {
      const form = new FormData();
      form.append('title', `Capa ${name}`);
      form.append('category', 'Técnico');
      form.append('status', status);
      form.append('cover', new Blob([content], { type }), name);
      return fetch(`${s.server.url}/api/collections/posts/records`, {
        method: 'POST',
        headers: { Authorization: s.editor.client.authStore.token },
        body: form,
      });
    };

    test('refuses an SVG and HTML disguised as an image; a real PNG is served inline', async () => {
      await expectRefused(await createPost('capa.svg', SVG, 'image/svg+xml'), 'cover', /Arquivos \.svg não são aceitos/);
      await expectRefused(await createPost('capa.webp', HTML, 'image/webp'), 'cover', /não corresponde à extensão \.webp/);
      // Published: a draft's cover is not served to the public (tests/api/content-privacy.test.ts).
      const response = await createPost('capa.png', png(), 'image/png', 'published');
      expect(response.status, await response.clone().text()).toBe(200);
      const post = (await response.json()) as { id: string; cover: string };
      const headers = await servedHeaders(`/api/files/posts/${post.id}/${post.cover}?thumb=640x360`);
      expect(headers.type).toBe('image/png');
      expect(headers.disposition).toMatch(/^inline/);
    });
  });

  describe('new files are stored before the save, and removed when the save is refused', () => {
    /** Every stored object of a record (uploads and thumbnails), on this storage. */
    const storedFiles = async (collectionId: string, recordId: string) => {
      if (kind === 's3') {
        return (await storage.files!.list(`${collectionId}/${recordId}/`)).map((object) => object.key.split('/').pop()!);
      }
      try {
        return readdirSync(join(s.server.dataDir, 'storage', collectionId, recordId)).filter((name) => !name.endsWith('.attrs'));
      } catch {
        return [];
      }
    };

    test('a cover sent with a save refused in its transaction (stale copy: 409) leaves no file behind', async () => {
      const form = new FormData();
      form.append('title', 'Capa concorrente');
      form.append('category', 'Técnico');
      form.append('cover', new Blob([png()], { type: 'image/png' }), 'primeira.png');
      const post = await s.editor.client.collection('posts').create(form);
      await s.editor.client.collection('posts').update(post.id, { excerpt: 'Salvo por outra pessoa antes.' });
      const stale = new FormData();
      stale.append('cover', new Blob([png(3)], { type: 'image/png' }), 'segunda.png');
      stale.append('updated', post.updated);
      const response = await fetch(`${s.server.url}/api/collections/posts/records/${post.id}`, {
        method: 'PATCH',
        headers: { Authorization: s.editor.client.authStore.token },
        body: stale,
      });
      expect(response.status, await response.clone().text()).toBe(409);
      expect(await storedFiles(post.collectionId, post.id)).toEqual([post.cover]);
      // And a save that goes through stores the new cover and drops the old one.
      const current = await s.editor.client.collection('posts').getOne(post.id);
      const fresh = new FormData();
      fresh.append('cover', new Blob([png(3)], { type: 'image/png' }), 'segunda.png');
      fresh.append('updated', current.updated);
      const saved = await s.editor.client.collection('posts').update(post.id, fresh);
      expect(saved.cover).not.toBe(post.cover);
      for (let attempt = 0; attempt < 50 && (await storedFiles(post.collectionId, post.id)).length > 1; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await storedFiles(post.collectionId, post.id)).toEqual([saved.cover]);
    });
  });

  /**
   * Decompression bombs: a few KB can declare an image so large that decoding it (for a
   * thumbnail) takes hundreds of MB. Every image field refuses, from the header alone,
   * images over 40 megapixels or 10,000 pixels on a side.
   */
  describe('images too large to decode', () => {
    /** 10000×10000 declared, a tiny zlib stream of rows: a few hundred bytes. */
    const bomb = () => pngFile(10000, 10000, Buffer.alloc(4096));
    const LIMIT =
      /^A imagem é grande demais \((\d+) × (\d+) pixels\): o limite é de 40 megapixels e de 10\.000 pixels de largura ou de altura\./;

    async function expectTooLarge(response: Response, field: string, width: number, height: number) {
      const body = (await response.json()) as { status: number; data: Record<string, { code: string; message: string }> };
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(body.data[field]?.code).toBe('validation_image_too_large');
      expect(body.data[field]?.message).toMatch(LIMIT);
      expect(body.data[field]?.message).toContain(`(${width} × ${height} pixels)`);
    }

    test('a 10000×10000 PNG of a few hundred bytes is refused by the media library, and nothing is stored', async () => {
      const file = bomb();
      expect(file.length).toBeLessThan(2048);
      const before = await mediaCount();
      await expectTooLarge(await uploadMedia('bomba.png', file, 'image/png'), 'file', 10000, 10000);
      expect(await mediaCount()).toBe(before);
    });

    test('a post cover and an avatar refuse it too', async () => {
      const form = new FormData();
      form.append('title', 'Capa enorme');
      form.append('category', 'Técnico');
      form.append('cover', new Blob([bomb()], { type: 'image/png' }), 'capa.png');
      const cover = await fetch(`${s.server.url}/api/collections/posts/records`, {
        method: 'POST',
        headers: { Authorization: s.editor.client.authStore.token },
        body: form,
      });
      await expectTooLarge(cover, 'cover', 10000, 10000);
      await expectTooLarge(await uploadOwnAvatar('eu.png', bomb(), 'image/png'), 'avatar', 10000, 10000);
    });

    test('each side at most 10,000 pixels and 40 megapixels in all, in every accepted image format', async () => {
      await expectTooLarge(await uploadMedia('faixa.png', pngFile(10001, 1, Buffer.alloc(64)), 'image/png'), 'file', 10001, 1);
      await expectTooLarge(
        await uploadMedia('quadro.png', pngFile(7000, 7000, Buffer.alloc(64)), 'image/png'),
        'file',
        7000,
        7000,
      );
      // The size of a JPEG sits past its EXIF data: the header is walked to the frame.
      await expectTooLarge(await uploadMedia('foto.jpg', jpeg(20000, 15000, 2), 'image/jpeg'), 'file', 20000, 15000);
      await expectTooLarge(await uploadMedia('anima.gif', gif(65535, 65535), 'image/gif'), 'file', 65535, 65535);
      await expectTooLarge(await uploadMedia('foto.webp', webp(16383, 16383), 'image/webp'), 'file', 16383, 16383);
    });

    test('images within the limit still upload', async () => {
      for (const [name, file, type] of [
        ['normal.png', png(64), 'image/png'],
        ['limite.png', pngFile(8000, 5000, Buffer.alloc(64)), 'image/png'],
        ['foto.jpg', jpeg(6000, 4000, 2), 'image/jpeg'],
        ['anima.gif', gif(640, 480), 'image/gif'],
        ['foto.webp', webp(1920, 1080), 'image/webp'],
      ] as const) {
        const response = await uploadMedia(name, file, type);
        expect(response.status, `${name}: ${await response.clone().text()}`).toBe(200);
      }
    });
  });
}
