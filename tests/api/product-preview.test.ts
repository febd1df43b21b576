/**
 * A product's preview (POST /api/site/preview/product): the values of its form rendered
 * as its page by the site's own components in the publisher's Node process
 * (scripts/publish/endpoint.mjs, src/components/products/ProductPreview.astro), its line
 * read as the last build left it; its Mídia images with their size and thumbnails, the
 * site's own images served to the frame; for admins and editors only, and never for
 * values a save would refuse, whatever the keys' spelling.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import seed from '../../shared/site-catalog.json';
import { startPublishEndpoint } from '../../scripts/publish/endpoint.mjs';
import { uploadPng } from '../helpers/images';
import { startStaffServer, statusOf, type StaffServer } from '../helpers/staff';

const secret = randomBytes(16).toString('hex');
let s: StaffServer;
let endpoint: { url: string; close: () => Promise<void> };
/** The Astro cache of the publisher's builds, with the content store a build leaves there. */
const buildCache = mkdtempSync(path.join(tmpdir(), 'previa-produtos-'));

/**
 * Astro's content store in devalue's flat form (each value once, by its index), as a
 * build writes it: collections of entries `{ id, data }`.
 */
function storeOf(collections: Record<string, Record<string, Record<string, unknown>>>): string {
  const flat: unknown[] = [];
  const add = (value: unknown): number => {
    const at = flat.length;
    flat.push(null);
    if (value instanceof Map) {
      const pairs: unknown[] = ['Map'];
      for (const [key, item] of value) pairs.push(add(key), add(item));
      flat[at] = pairs;
    } else if (Array.isArray(value)) flat[at] = value.map(add);
    else if (value && typeof value === 'object')
      flat[at] = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, add(item)]));
    else flat[at] = value;
    return at;
  };
  const root = new Map(
    Object.entries(collections).map(([name, entries]) => [
      name,
      new Map(Object.entries(entries).map(([id, data]) => [id, { id, data }])),
    ]),
  );
  add(root);
  return JSON.stringify(flat);
}

const line = seed.lines.find((entry) => entry.slug === 'ops')!;

beforeAll(async () => {
  // The line as the last build left it (src/lib/catalog/loaders.ts lineEntry).
  const data = {
    name: line.name,
    title: line.title,
    iconText: line.icon_text,
    family: line.family,
    description: line.description,
    esp32Module: line.esp32_module,
    image: { builtin: line.builtin_image },
    imageAlt: line.image_alt,
    color: line.color,
    featured: line.featured,
    order: line.order,
  };
  writeFileSync(path.join(buildCache, 'data-store.json'), storeOf({ lines: { ops: data } }));
  endpoint = await startPublishEndpoint({ secret, renderEnv: { ...process.env, ASTRO_CACHE_DIR: buildCache } });
  s = await startStaffServer({ unthrottledLoopback: true, env: { PREVIEW_URL: endpoint.url, PUBLISH_SECRET: secret } });
}, 120_000);
afterAll(async () => {
  await s?.stop();
  await endpoint?.close();
  rmSync(buildCache, { recursive: true, force: true });
});

type Client = StaffServer['author']['client'];
const preview = (client: Client, body: Record<string, unknown>) =>
  client.send<{ html: string; css: string }>('/api/site/preview/product', { method: 'POST', body });

/** OPS010 as its form holds it, its line by record id. */
async function formValues(changes: Record<string, unknown> = {}) {
  const product = seed.products.find((entry) => entry.slug === 'ops010')!;
  const lineId = (await s.superuser.collection('product_lines').getFirstListItem('slug = "ops"')).id;
  return { ...product, line: lineId, datasheet: '', related: [], ...changes };
}

describe('a product’s preview', () => {
  test('an editor gets the product’s page from the form’s values, the site’s own images served to the frame', async () => {
    const { html } = await preview(s.editor.client, await formValues({ name: 'Controlador compacto renovado' }));
    expect(html).toMatch(/<h1[^>]*>Controlador compacto renovado<\/h1>/);
    for (const spec of seed.products.find((entry) => entry.slug === 'ops010')!.specs) expect(html).toContain(spec);
    // The line, as the last build read it: its badge.
    expect(html).toContain(`background-color: ${line.color}`);
    const asset = /\/api\/site\/preview\/asset\/[^"' ]+/.exec(html)?.[0];
    expect(asset, 'a site image for the frame').toBeTruthy();
    expect((await fetch(`${s.server.url}${asset}`)).status).toBe(200);
  }, 90_000);

  test('a Mídia image shows with its size and thumbnails', async () => {
    const src = await uploadPng(s.editor.client, 1200, 840, 'Placa vista de frente');
    const images = [
      { image: src.split('/')[4], alt: 'Placa vista de frente, com os bornes' },
      { builtin: 'products/ops010-1.png', alt: 'Placa vista de lado, com os bornes' },
    ];
    const { html } = await preview(s.admin.client, await formValues({ images }));
    const img = html.match(new RegExp(`<img [^>]*src="${src}"[^>]*>`))?.[0] ?? '';
    expect(img).toContain('width="1200"');
    expect(img).toContain('alt="Placa vista de frente, com os bornes"');
    expect(img).toContain(`${src}?thumb=480x0 480w`);
  });

  test('values a save would refuse get its pt-BR sentence on the field, whatever the spelling', async () => {
    for (const key of ['specs', 'SPECS', 'Specs']) {
      const refused = await preview(s.editor.client, { ...(await formValues()), specs: undefined, [key]: ['x', 'y', 'z'] }).catch(
        (error) => error,
      );
      expect(refused.status, key).toBe(400);
      expect(refused.response.data.specs.message, key).toBe('Especificação 1: no mínimo 3 caracteres.');
    }
  });

  test('authors, inactive staff and visitors get nothing', async () => {
    const values = await formValues();
    expect(await statusOf(preview(s.author.client, values))).toBe(403);
    expect(await statusOf(preview(s.inactive.client, values))).toBe(403);
    expect(await statusOf(preview(s.anonymous.client, values))).toBe(401);
  });
});
