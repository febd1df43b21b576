/**
 * The site search's index (src/integrations/site-search.mjs) on folders shaped like
 * builds, read by the dialog's own reader (src/lib/search-engine.ts) from the files
 * written: what a query finds and how it ranks, and what a publication reads again (only
 * the pages that changed; the rest, and the unchanged files of the index, come from the
 * live build).
 */
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { updateSearchIndex } from '../../src/integrations/site-search.mjs';
import { openSearch, type SearchEngine } from '../../src/lib/search-engine';

let work: string;

const page = (title: string, body: string, type: string | null = 'Artigos') =>
  `<!doctype html><html lang="pt-BR"><head><title>${title} | Operium</title></head><body><header>Menu Produtos Blog</header><main${
    type ? ` data-search-body="${type}"` : ''
  }><nav data-search-ignore>Início / Blog</nav><h1>${title}</h1><p>${body}</p><script>var escondido = 1;</script></main><footer>Rodapé</footer></body></html>`;

async function writeSite(dir: string, pages: Record<string, string>) {
  for (const [file, html] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), html);
  }
}

/** The reader over a built folder's index, as the dialog opens it (files instead of fetch). */
const reader = (dir: string) =>
  openSearch('/busca', async (url) => JSON.parse(await readFile(path.join(dir, url), 'utf8')) as unknown);

/** The site's pages a query finds, best first (the downloads, linked elsewhere, left out). */
async function urls(engine: SearchEngine, query: string): Promise<string[]> {
  const answer = await engine.search(query);
  const found = await Promise.all(answer.pages.map(async (page) => (await engine.hit(page, answer.terms)).url));
  return found.filter((url) => url.startsWith('/'));
}

/** A build's pages copied to the next build, as a publication keeps them (the index is made again). */
const copyBuild = (from: string, to: string) =>
  cp(from, to, {
    recursive: true,
    filter: (source) => !/^(busca|\.search-index\.json)(\/|$)/.test(path.relative(from, source)),
  });

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'busca-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('search index', () => {
  test('finds pages by their words, without accents, by a prefix and by codes; ranks names first', async () => {
    const dir = path.join(work, 'consultas');
    await writeSite(dir, {
      'index.html': page('Início', 'Página inicial com termopar, fora da busca', null),
      'produtos/opx1001/index.html': page('Controlador OPX1-001', 'Entradas PT100 e RS-485.', 'Produtos').replace(
        '<h1>',
        '<h1 data-search-weight="10">',
      ),
      'blog/calibracao/index.html': page('Calibração de sensores analógicos', 'Ajuste de offset e ganho do sensor.'),
      'blog/opx/index.html': page('Instalando no painel', 'O controlador OPX1-001 aceita termopar e PT100.'),
      'blog/rede/index.html': page('Rede RS485', 'Barramento diferencial com Modbus.'),
    });
    const result = await updateSearchIndex(dir);
    expect(result).toMatchObject({ pages: 4, read: 4 });
    expect(result.downloads).toBeGreaterThan(0);
    const engine = await reader(dir);

    // Every word is wanted; accents are optional; stems join plural and singular.
    expect(await urls(engine, 'calibracao sensor')).toEqual(['/blog/calibracao/']);
    expect(await urls(engine, 'calibração dos sensores')).toEqual(['/blog/calibracao/']);
    expect(await urls(engine, 'calibracao modbus')).toEqual([]);
    // A prefix of three letters or more finds the longer word ('calib' → 'calibração').
    expect(await urls(engine, 'calib')).toContain('/blog/calibracao/');
    // 'RS485' finds 'RS-485' written with its hyphen, and the product's name outranks a mention.
    const rs485 = await urls(engine, 'RS485');
    expect(rs485).toEqual(expect.arrayContaining(['/produtos/opx1001/', '/blog/rede/']));
    expect((await urls(engine, 'OPX1-001'))[0]).toBe('/produtos/opx1001/');
    expect((await urls(engine, 'PT100'))[0]).toBe('/produtos/opx1001/');
    // Only the marked body counts: not the header, the ignored breadcrumbs, scripts or unmarked pages.
    expect(await urls(engine, 'rodapé')).toEqual([]);
    expect(await urls(engine, 'escondido')).toEqual([]);
    expect(await urls(engine, 'Início')).toEqual([]);
    expect(await urls(engine, 'termopar')).toEqual(expect.arrayContaining(['/blog/opx/']));
    expect(await urls(engine, 'termopar')).not.toContain('/');
    // Stop words alone still search; with other words they are left out.
    expect(await urls(engine, 'de offset')).toEqual(['/blog/calibracao/']);

    // The answer counts each type, and a result carries its title and a highlighted excerpt.
    const answer = await engine.search('PT100');
    expect(answer.counts).toMatchObject({ Produtos: 1, Artigos: 1 });
    const product = answer.pages.find((found) => engine.typeOf(found) === 'Produtos')!;
    const hit = await engine.hit(product, answer.terms);
    expect(hit).toMatchObject({ url: '/produtos/opx1001/', title: 'Controlador OPX1-001', type: 'Produtos' });
    expect(hit.excerpt.filter((segment) => segment.mark).map((segment) => segment.text)).toEqual(['PT100']);
    expect(hit.excerpt.map((segment) => segment.text).join('')).toContain('Entradas PT100 e RS-485');

    // Datasheets and software are found as downloads, linked to their files.
    const modbus = await engine.search('Modbus');
    expect(modbus.counts.Downloads).toBeGreaterThan(0);
    const download = modbus.pages.find((found) => engine.typeOf(found) === 'Downloads')!;
    expect((await engine.hit(download, modbus.terms)).url).toMatch(/^https:\/\//);
  }, 60_000);

  test('a publication reads only the pages that changed, and links the rest of the index from the live build', async () => {
    const first = path.join(work, 'primeiro');
    await writeSite(first, {
      'index.html': page('Início', 'Página inicial', null),
      'blog/termopar/index.html': page('Leitura de termopar', 'O termopar tipo K mede temperatura.'),
      'blog/rs485/index.html': page('Rede RS485', 'Barramento diferencial.'),
      'blog/antigo/index.html': page('Artigo antigo', 'Conteúdo arquivado.'),
      // Products and pages share one page file per type (a bundle) in the index.
      'produtos/ops010/index.html': page('Controlador OPS010', 'Saídas a relé.', 'Produtos'),
      'quem-somos/index.html': page('Quem somos', 'Fábrica em Joinville.', 'Páginas'),
    });
    expect(await updateSearchIndex(first, { keepState: true })).toMatchObject({ pages: 5, read: 5 });

    // The next build: one page edited, one gone, one new; the rest as it was.
    const second = path.join(work, 'segundo');
    await copyBuild(first, second);
    await writeSite(second, {
      'blog/rs485/index.html': page('Rede RS485', 'Barramento diferencial com terminação de 120 ohms.'),
      'blog/modbus/index.html': page('Modbus RTU', 'Mestre e escravos no mesmo par.'),
      'quem-somos/index.html': page('Quem somos', 'Fábrica em Blumenau.', 'Páginas'),
    });
    await rm(path.join(second, 'blog/antigo'), { recursive: true });
    expect(await updateSearchIndex(second, { previous: first, keepState: true })).toMatchObject({ pages: 5, read: 3 });

    const engine = await reader(second);
    expect(await urls(engine, 'terminação')).toEqual(['/blog/rs485/']);
    expect(await urls(engine, 'escravos')).toEqual(['/blog/modbus/']);
    expect(await urls(engine, 'arquivado')).toEqual([]);
    expect(await urls(engine, 'termopar')).toEqual(['/blog/termopar/']);
    expect(await urls(engine, 'Blumenau')).toEqual(['/quem-somos/']);
    expect(await urls(engine, 'Joinville')).toEqual([]);
    // The unchanged product comes from the live build's bundle, whole.
    const relay = await engine.search('relé');
    const product = relay.pages.find((found) => engine.typeOf(found) === 'Produtos')!;
    expect(await engine.hit(product, relay.terms)).toMatchObject({ url: '/produtos/ops010/', title: 'Controlador OPS010' });

    // The unchanged page's file is the live build's own (a hard link): nothing written twice.
    const state = JSON.parse(await readFile(path.join(second, '.search-index.json'), 'utf8'));
    const kept = `busca/paginas/${state.pages['/blog/termopar/'].id}.json`;
    expect((await stat(path.join(second, kept))).ino).toBe((await stat(path.join(first, kept))).ino);

    // A page the builder kept from the live build is not even hashed again.
    const third = path.join(work, 'terceiro');
    await copyBuild(second, third);
    const isKept = (file: string) => file.endsWith(path.join('termopar', 'index.html'));
    expect(await updateSearchIndex(third, { previous: second, isKept, keepState: true })).toMatchObject({ pages: 5, read: 0 });
    expect(await urls(await reader(third), 'termopar')).toEqual(['/blog/termopar/']);
    expect(await urls(await reader(third), 'OPS010')).toEqual(['/produtos/ops010/']);
  }, 60_000);

  test('a page is known as indexed even when its marker falls across two reads', async () => {
    const dir = path.join(work, 'longa');
    // The marker starts 5 bytes before the 256 KB chunk ends.
    const head = '<!doctype html><html lang="pt-BR"><head><title>Longa</title></head><body><main ';
    const padding = `<!--${'x'.repeat(256 * 1024 - 5 - head.length - 7)}-->`;
    const html = page('Página longa', 'Conteúdo depois de um comentário enorme.').replace(
      /^.*?<main /,
      `${head.replace('<main ', '')}${padding}<main `,
    );
    expect(html.indexOf('data-search-body')).toBe(256 * 1024 - 5);
    await writeSite(dir, { 'blog/longa/index.html': html });
    await updateSearchIndex(dir, { keepState: true });
    const state = JSON.parse(await readFile(path.join(dir, '.search-index.json'), 'utf8'));
    expect(Object.keys(state.pages)).toEqual(['/blog/longa/']);
    expect(await urls(await reader(dir), 'comentário enorme')).toEqual(['/blog/longa/']);
  });
});
