/**
 * Media images know their size (so body images carry width, height and a srcset
 * of thumbnails): the server reads it from the upload's header (pb_hooks/media.pb.js),
 * never from the client; `decorative` marks an image that needs no alternative text;
 * the width-only thumbnails of src/lib/cms/media-images.ts are served; and the migration
 * measures the images stored before it (pb_migrations/1795309500_media_image_size.js),
 * from the local disk or from S3.
 */
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MEDIA_IMAGE_WIDTHS, responsiveMediaImage } from '../../../src/lib/cms/media-images';
import { gif, jpeg, png, pngSize, webp } from '../../helpers/images';
import { migrationsBefore, startTestServer, superuserToken } from '../../helpers/server';
import { newClient, startStaffServer, type StaffServer } from '../../helpers/staff';
import { useStorage, type StorageKind, type StorageUnderTest } from '../../helpers/storage';

const MIGRATION = '1795309500_media_image_size.js';

interface Media {
  id: string;
  collectionId: string;
  file: string;
  mime_type: string;
  alt_text: string;
  width: number;
  height: number;
  decorative: boolean;
}

function mediaForm(name: string, content: string | Uint8Array<ArrayBuffer>, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

/** The suite, on the local disk or on S3 (tests/helpers/storage.ts). */
export function mediaImageTests(kind: StorageKind) {
  let storage: StorageUnderTest;
  let s: StaffServer;

  beforeAll(async () => {
    storage = await useStorage(kind);
    s = await startStaffServer({ env: storage.env });
  });
  afterAll(async () => {
    await s?.stop();
    await storage?.stop();
  });

  const upload = (name: string, content: string | Uint8Array<ArrayBuffer>, type: string, fields: Record<string, string> = {}) =>
    s.author.client.collection('media').create<Media>(mediaForm(name, content, type, fields));

  describe('the server reads the size from the file', () => {
    test('of each image type, ignoring the width and height the client sends', async () => {
      const cases = [
        ['foto.png', png(300, 200), 'image/png', 300, 200],
        ['foto.jpg', jpeg(1600, 900), 'image/jpeg', 1600, 900],
        ['anima.gif', gif(640, 480), 'image/gif', 640, 480],
        ['foto.webp', webp(1920, 1080), 'image/webp', 1920, 1080],
      ] as const;
      for (const [name, content, type, width, height] of cases) {
        const record = await upload(name, content, type, { width: '9999', height: '1', alt_text: `Imagem ${name}` });
        expect({ name, width: record.width, height: record.height }).toEqual({ name, width, height });
      }
    });

    test('upright: a photo the camera stored sideways (EXIF orientation 6 or 8) is as tall as it shows', async () => {
      expect(await upload('retrato.jpg', jpeg(4032, 3024, 1, 6), 'image/jpeg')).toMatchObject({ width: 3024, height: 4032 });
      expect(await upload('retrato-8.jpg', jpeg(4032, 3024, 1, 8), 'image/jpeg')).toMatchObject({ width: 3024, height: 4032 });
      expect(await upload('paisagem.jpg', jpeg(4032, 3024, 1, 3), 'image/jpeg')).toMatchObject({ width: 4032, height: 3024 });
    });

    test('a document has no size, and a client-sent one is ignored', async () => {
      const record = await upload('notas.txt', 'Notas da reunião', 'text/plain', { width: '800', height: '600' });
      expect(record).toMatchObject({ width: 0, height: 0, decorative: false });
    });

    test('staff cannot change the size afterwards; a superuser (an operator) may', async () => {
      const record = await upload('placa.png', png(40, 30), 'image/png');
      const updated = await s.editor.client
        .collection('media')
        .update<Media>(record.id, { width: 1, height: 2, alt_text: 'Placa' });
      expect(updated).toMatchObject({ width: 40, height: 30, alt_text: 'Placa' });
      const own = await s.author.client.collection('media').update<Media>(record.id, { width: 5000 });
      expect(own).toMatchObject({ width: 40, height: 30 });
      const fixed = await s.superuser.collection('media').update<Media>(record.id, { width: 41 });
      expect(fixed.width).toBe(41);
    });
  });

  describe('decorative images', () => {
    test('an image marked decorative is saved so, without alternative text', async () => {
      const record = await upload('divisor.png', png(4), 'image/png', { decorative: 'true', alt_text: 'ignorado' });
      expect(record).toMatchObject({ decorative: true, alt_text: '' });
      const described = await s.author.client.collection('media').update<Media>(record.id, {
        decorative: false,
        alt_text: 'Linha divisória azul',
      });
      expect(described).toMatchObject({ decorative: false, alt_text: 'Linha divisória azul' });
      const marked = await s.editor.client.collection('media').update<Media>(record.id, { decorative: true });
      expect(marked).toMatchObject({ decorative: true, alt_text: '' });
    });

    test('only an image can be decorative', async () => {
      const record = await upload('manual.txt', 'Manual', 'text/plain', { decorative: 'true' });
      expect(record.decorative).toBe(false);
      const updated = await s.author.client.collection('media').update<Media>(record.id, { decorative: true });
      expect(updated.decorative).toBe(false);
    });
  });

  describe('width-only thumbnails for srcset', () => {
    test(`are served at ${MEDIA_IMAGE_WIDTHS.join(', ')} px wide, keeping the aspect ratio, and stored`, async () => {
      const record = await upload('larga.png', png(1600, 800), 'image/png', { alt_text: 'Gradiente' });
      const image = responsiveMediaImage(record, s.server.url);
      const candidates = image.srcset!.split(', ').map((candidate) => candidate.split(' ')[0]!);
      expect(candidates).toHaveLength(MEDIA_IMAGE_WIDTHS.length + 1);
      for (const [index, width] of MEDIA_IMAGE_WIDTHS.entries()) {
        const response = await fetch(candidates[index]!);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/png');
        expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width, height: width / 2 });
      }
      const key = `${record.collectionId}/${record.id}/thumbs_${record.file}/480x0_${record.file}`;
      if (kind === 's3') {
        expect((await storage.files!.list(`${record.collectionId}/${record.id}/`)).map((object) => object.key)).toContain(key);
      } else {
        const names = await readdir(join(s.server.dataDir, 'storage', record.collectionId, record.id, `thumbs_${record.file}`));
        expect(names).toContain(`480x0_${record.file}`);
      }
    });
  });

  describe('the migration measures the images stored before it', () => {
    test('reads each stored image; an image whose file cannot be read stays 0', async () => {
      // A PocketBase with the migrations before this one, as a site before the upgrade.
      const { older, all, remove } = await migrationsBefore(MIGRATION);
      const server = await startTestServer({ env: storage.env, migrationsDir: older });
      try {
        const client = newClient(server);
        client.authStore.save(await superuserToken(server));
        const create = (name: string, content: string | Uint8Array<ArrayBuffer>, type: string) =>
          client.collection('media').create<Media>(mediaForm(name, content, type));
        const photo = await create('antiga.png', png(120, 80), 'image/png');
        const portrait = await create('retrato.jpg', jpeg(3000, 2000, 1, 6), 'image/jpeg');
        const lost = await create('perdida.png', png(50, 50), 'image/png');
        const text = await create('antigo.txt', 'Texto', 'text/plain');
        expect(photo.width, 'the field does not exist yet').toBeUndefined();
        await removeStoredFile(lost);

        await server.kill();
        await server.restart({ migrationsDir: all });
        const read = (record: Media) => client.collection('media').getOne<Media>(record.id);
        expect(await read(photo)).toMatchObject({ width: 120, height: 80, decorative: false });
        expect(await read(portrait)).toMatchObject({ width: 2000, height: 3000 });
        expect(await read(lost)).toMatchObject({ width: 0, height: 0 });
        expect(await read(text)).toMatchObject({ width: 0, height: 0 });
      } finally {
        await server.stop();
        await remove();
      }

      async function removeStoredFile(record: Media) {
        const key = `${record.collectionId}/${record.id}/${record.file}`;
        if (kind === 's3') await storage.files!.delete(key);
        else await unlink(join(server.dataDir, 'storage', ...key.split('/')));
      }
    });
  });
}
