/**
 * The CMS collections' loaders (src/lib/cms/loaders.ts) against a real PocketBase and
 * Astro's own data store: only public settings and published pages go in, the
 * settings override the site's defaults, and an entry is written again only when it
 * changed.
 */
import { createHash } from 'node:crypto';
import type { LoaderContext } from 'astro/loaders';
import { markdownConfig } from '../../src/config/markdown';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import seed from '../../shared/site-pages.json';
import { MutableDataStore } from '../../node_modules/astro/dist/content/mutable-data-store.js';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';
import { site, siteWith } from '../../src/config/site';
import { pagesLoader, settingsLoader } from '../../src/lib/cms/loaders';
import { partnersLoader } from '../../src/lib/cms/pieces';
import seedPartners from '../../shared/site-partners.json';
import seedCatalog from '../../shared/site-catalog.json';
import { datasheetsLoader, linesLoader, productsLoader, softwareLoader } from '../../src/lib/catalog/loaders';
import { startStaffServer, type StaffServer } from '../helpers/staff';
import { uploadPng } from '../helpers/images';
import { ARTICLE_IMAGE_SIZES, parseMediaUrl } from '../../src/lib/cms/media-images';

let s: StaffServer;

/** What Astro hands a loader, on a real data store; the schema's check is the build's part. */
function contextFor(store: MutableDataStore, collection: string): LoaderContext {
  const quiet = () => {};
  const context: Partial<LoaderContext> = {
    collection,
    store: store.scopedStore(collection),
    meta: store.metaStore(collection),
    parseData: async ({ data }) => data,
    generateDigest: (data) => createHash('sha256').update(JSON.stringify(data)).digest('hex'),
    // The site's own Markdown configuration, as Astro hands it to loaders.
    config: { markdown: markdownConfig } as LoaderContext['config'],
  };
  return { ...context, logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } } as unknown as LoaderContext;
}

async function setSetting(key: string, value: string) {
  const settings = s.admin.client.collection('public_site_settings');
  const row = await settings.getFirstListItem(s.admin.client.filter('key = {:key}', { key })).catch(() => null);
  if (row) await settings.update(row.id, { value });
  else await settings.create({ key, value });
}

/** The pages a fresh install has (pb_migrations/1795310800_site_pages.js). */
const SEEDED = seed.pages.map((page) => page.slug);

beforeAll(async () => {
  s = await startStaffServer({ unthrottledLoopback: true });
  await setSetting('contact_phone', '(47) 99999-0000');
  await setSetting('site_title', '');
  // Neither may reach the site: a secret, and a key the site does not use.
  await setSetting('smtp_host', 'smtp.exemplo.com.br');
  await setSetting('site_logo', 'https://exemplo.com.br/logo.png');
  const pages = s.editor.client.collection('pages');
  await pages.create({
    name: 'Programa de parceiros',
    slug: 'parceiros',
    title: 'Parceiros',
    status: 'published',
    content: { sections: [{ id: 'comofunciona', type: 'text', title: 'Como funciona', body: 'Texto', style: 'plain' }] },
  });
  await pages.create({ name: 'Rascunho', slug: 'rascunho', status: 'draft', content: { sections: [] } });
  // In review or scheduled, a page is not on the site yet (the minute's job publishes a scheduled one).
  const section = { id: 'aguardando', type: 'text', title: 'Aguardando', body: 'Texto', style: 'plain' };
  await pages.create({ name: 'Em revisão', slug: 'em-revisao', status: 'review', content: { sections: [section] } });
  await pages.create({
    name: 'Agendada',
    slug: 'agendada',
    status: 'scheduled',
    published_at: new Date(Date.now() + 3_600_000).toISOString(),
    content: { sections: [section] },
  });
});
afterAll(async () => {
  await s?.stop();
});

describe('CMS collections', () => {
  test('settings: only the public keys that have a value, over the site defaults', async () => {
    const store = new MutableDataStore();
    await settingsLoader(s.server.url).load(contextFor(store, 'cmsSettings'));
    const values = Object.fromEntries(store.values('cmsSettings').map((entry) => [entry.id, entry.data.value as string]));
    expect(values).not.toHaveProperty('smtp_host');
    expect(values).not.toHaveProperty('site_logo');
    expect(values).not.toHaveProperty('site_title');
    expect(values.contact_phone).toBe('(47) 99999-0000');

    const merged = siteWith(values);
    expect(merged.phones.general).toEqual({ label: 'Geral', display: '(47) 99999-0000', e164: '+5547999990000' });
    expect(merged.title).toBe(site.title);
    expect(merged.phones.support).toEqual(site.phones.support);
  });

  test('pages: the published ones (no draft, none in review or scheduled), with their sections and nothing else of the content', async () => {
    const store = new MutableDataStore();
    await pagesLoader(s.server.url).load(contextFor(store, 'cmsPages'));
    expect(store.keys('cmsPages').sort()).toEqual([...SEEDED, 'parceiros'].sort());
    expect(store.get('cmsPages', 'parceiros')).toMatchObject({
      data: {
        slug: 'parceiros',
        name: 'Programa de parceiros',
        title: 'Parceiros',
        is_homepage: false,
        sections: [{ id: 'comofunciona', type: 'text', title: 'Como funciona', body: 'Texto', style: 'plain' }],
      },
    });
  });

  test('a page’s Mídia image is described with its size and thumbnails; one gone from Mídia is left to the default', async () => {
    const src = await uploadPng(s.editor.client, 1200, 840, 'Controlador em bancada');
    const media = parseMediaUrl(src)!;
    const hero = { id: 'topo1', type: 'hero', title: 'Controladores', image: media.id, image_alt: 'Controlador em bancada' };
    const page = await s.editor.client.collection('pages').create({
      name: 'Com imagem',
      slug: 'com-imagem',
      status: 'published',
      content: { sections: [hero] },
    });
    const store = new MutableDataStore();
    await pagesLoader(s.server.url).load(contextFor(store, 'cmsPages'));
    expect(store.get('cmsPages', 'com-imagem')?.data.images).toEqual({
      topo1: {
        image: {
          src,
          width: 1200,
          height: 840,
          srcset: `${src}?thumb=480x0 480w, ${src}?thumb=768x0 768w, ${src} 1200w`,
          sizes: ARTICLE_IMAGE_SIZES,
        },
      },
    });
    // Deleted for good after the page was saved: the page still loads, without the image.
    await s.superuser.collection('media').delete(media.id);
    await s.editor.client.collection('pages').update(page.id, { meta_description: 'Sem a imagem agora.' });
    await pagesLoader(s.server.url).load(contextFor(store, 'cmsPages'));
    expect(store.get('cmsPages', 'com-imagem')?.data).toMatchObject({ meta_description: 'Sem a imagem agora.', images: {} });
    await s.editor.client.collection('pages').delete(page.id);
  });

  test('the catalogue: entries by slug, relations by slug, published products only, Mídia images described, site files by path', async () => {
    const line = await s.anonymous.client.collection('product_lines').getFirstListItem('slug = "opm"');
    const [front, side] = [
      await uploadPng(s.editor.client, 1000, 700, 'Placa nova de frente'),
      await uploadPng(s.editor.client, 300, 210, 'Placa nova de lado'),
    ];
    const related = await s.anonymous.client.collection('products').getFirstListItem('slug = "opm001"');
    const product = (extra: Record<string, unknown>) =>
      s.editor.client.collection('products').create({
        model: 'OPM002',
        name: 'Módulo OPM002',
        line: line.id,
        order: 2,
        description: 'Módulo compacto com ESP32 e antena externa para máquinas menores.',
        tagline: 'O módulo compacto com mais entradas',
        specs: ['8 entradas digitais', '4 saídas a transistor', 'Alimentação 24 Vdc'],
        key_features: ['Antena externa', 'Relé de 5 A', 'RS485 isolada'],
        applications: ['Esteiras', 'Dosadoras', 'Painéis'],
        images: [
          { image: parseMediaUrl(front)!.id, alt: 'Placa nova de frente' },
          { image: parseMediaUrl(side)!.id, alt: 'Placa nova de lado' },
        ],
        status: 'published',
        ...extra,
      });
    const draftRelated = await product({ slug: 'rascunho-relacionado', status: 'draft' });
    const made = await product({ slug: 'opm002', related: [related.id, draftRelated.id] });
    const draft = await product({ slug: 'so-rascunho', status: 'draft' });
    const store = new MutableDataStore();
    await productsLoader(s.server.url).load(contextFor(store, 'products'));
    expect(store.get('products', 'opm002')?.data).toMatchObject({
      model: 'OPM002',
      line: 'opm',
      keyFeatures: ['Antena externa', 'Relé de 5 A', 'RS485 isolada'],
      // The draft related product is not on the site: left out of the list.
      related: ['opm001'],
      images: [
        {
          alt: 'Placa nova de frente',
          media: {
            src: front,
            width: 1000,
            height: 700,
            srcset: `${front}?thumb=480x0 480w, ${front}?thumb=768x0 768w, ${front} 1000w`,
          },
        },
        { alt: 'Placa nova de lado', media: { src: side, width: 300, height: 210 } },
      ],
    });
    expect(store.get('products', 'so-rascunho')).toBeUndefined();
    const seeded = seedCatalog.products.find((product) => product.slug === 'ops0150')!;
    expect(store.get('products', 'ops0150')?.data).toMatchObject({
      line: 'ops',
      datasheet: 'ops150',
      related: seeded.related,
      images: seeded.images.map(({ builtin, alt }) => ({ builtin, alt })),
    });
    expect(store.keys('products').sort()).toEqual([...seedCatalog.products.map((product) => product.slug), 'opm002'].sort());
    for (const id of [made.id, draftRelated.id, draft.id]) await s.editor.client.collection('products').delete(id);

    const lines = new MutableDataStore();
    await linesLoader(s.server.url).load(contextFor(lines, 'lines'));
    expect(lines.get('lines', 'ops')?.data).toMatchObject({
      name: 'Linha S',
      iconText: 'S',
      image: { builtin: 'artwork/linha-s.png' },
    });
    expect(lines.get('lines', 'ope')?.data).not.toHaveProperty('longDescription');
    const sheets = new MutableDataStore();
    await datasheetsLoader(s.server.url).load(contextFor(sheets, 'datasheets'));
    expect(sheets.keys('datasheets').sort()).toEqual(seedCatalog.datasheets.map((sheet) => sheet.slug).sort());
    const software = new MutableDataStore();
    await softwareLoader(s.server.url).load(contextFor(software, 'software'));
    expect(software.keys('software')).toHaveLength(seedCatalog.software.length);

    // Without a CMS: the seed's, by slug.
    const fresh = new MutableDataStore();
    await productsLoader(undefined).load(contextFor(fresh, 'products'));
    expect(fresh.keys('products').sort()).toEqual(seedCatalog.products.map((product) => product.slug).sort());
    expect(fresh.get('products', 'ops010')?.data).toMatchObject({ line: 'ops', datasheet: 'ops010' });
  });

  test('partners: each record an entry, a Mídia logo described with its size and thumbnails, a site logo file kept as its path', async () => {
    const src = await uploadPng(s.editor.client, 800, 400, 'Logotipo da WEG');
    const media = parseMediaUrl(src)!;
    const made = await s.editor.client
      .collection('partners')
      .create({ name: 'WEG', full_name: 'WEG Equipamentos Elétricos', kind: 'Fabricante de motores', order: 8, logo: media.id });
    const store = new MutableDataStore();
    await partnersLoader(s.server.url).load(contextFor(store, 'partners'));
    expect(store.get('partners', made.id)?.data).toEqual({
      name: 'WEG',
      fullName: 'WEG Equipamentos Elétricos',
      kind: 'Fabricante de motores',
      order: 8,
      image: {
        src,
        width: 800,
        height: 400,
        srcset: `${src}?thumb=480x0 480w, ${src}?thumb=768x0 768w, ${src} 800w`,
        sizes: ARTICLE_IMAGE_SIZES,
      },
    });
    const fiesc = await s.anonymous.client.collection('partners').getFirstListItem('name = "FIESC"');
    expect(store.get('partners', fiesc.id)?.data).toEqual({
      name: 'FIESC',
      fullName: 'Federação das Indústrias do Estado de Santa Catarina',
      kind: 'Federação industrial',
      order: 1,
      builtin: 'partners/fiesc.svg',
    });
    expect(store.keys('partners')).toHaveLength(seedPartners.length + 1);
    await s.editor.client.collection('partners').delete(made.id);
    // Without a CMS: the seed's, by the seed's ids.
    const fresh = new MutableDataStore();
    await partnersLoader(undefined).load(contextFor(fresh, 'partners'));
    expect(fresh.keys('partners').sort()).toEqual(seedPartners.map((partner) => partner.id).sort());
    expect(fresh.get('partners', 'novale')?.data).toMatchObject({
      fullName: 'Novale Hub de Inovação',
      builtin: 'partners/novale.svg',
    });
  });

  test('a later build writes only what changed, and drops what is no longer published', async () => {
    const store = new MutableDataStore();
    const load = () => pagesLoader(s.server.url).load(contextFor(store, 'cmsPages'));
    const pages = s.editor.client.collection('pages');
    const other = await pages.create({
      name: 'Outra página',
      slug: 'outra',
      status: 'published',
      content: { sections: [{ id: 'outra1', type: 'text', title: 'Outra', body: 'Texto da outra página.', style: 'plain' }] },
    });
    await load();
    const first = { parceiros: store.get('cmsPages', 'parceiros'), outra: store.get('cmsPages', 'outra') };

    await load();
    expect(store.get('cmsPages', 'parceiros')).toBe(first.parceiros);
    expect(store.get('cmsPages', 'outra')).toBe(first.outra);

    await pages.update(other.id, { meta_description: 'Agora com descrição.' });
    await load();
    expect(store.get('cmsPages', 'parceiros')).toBe(first.parceiros);
    expect(store.get('cmsPages', 'outra')).not.toBe(first.outra);
    expect(store.get('cmsPages', 'outra')?.data.meta_description).toBe('Agora com descrição.');

    await pages.update(other.id, { status: 'draft' });
    await load();
    expect(store.keys('cmsPages').sort()).toEqual([...SEEDED, 'parceiros'].sort());
  });

  test('without a CMS address the collections hold nothing from it; the pages are a fresh install’s', async () => {
    const store = new MutableDataStore();
    await pagesLoader(s.server.url).load(contextFor(store, 'cmsPages'));
    await settingsLoader(s.server.url).load(contextFor(store, 'cmsSettings'));
    await pagesLoader(undefined).load(contextFor(store, 'cmsPages'));
    await settingsLoader('').load(contextFor(store, 'cmsSettings'));
    expect(store.keys('cmsPages').sort()).toEqual([...SEEDED].sort());
    expect(store.keys('cmsSettings')).toEqual([]);
    // Empty but existing, even on a first build: reading them in every page raises no warning.
    const fresh = new MutableDataStore();
    await settingsLoader(undefined).load(contextFor(fresh, 'cmsSettings'));
    expect(fresh.hasCollection('cmsSettings')).toBe(true);
  });

  test('an unreachable CMS fails every CMS collection with the first read’s message', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const store = new MutableDataStore();
    const failure = new RegExp(`Não foi possível ler as configurações do CMS em ${url.replace(/\./g, '\\.')} \\(.+\\)`);
    await expect(pagesLoader(url).load(contextFor(store, 'cmsPages'))).rejects.toThrow(failure);
    await expect(settingsLoader(url).load(contextFor(store, 'cmsSettings'))).rejects.toThrow(failure);
  });
});
