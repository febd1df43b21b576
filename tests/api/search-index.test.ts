/**
 * The site search's index across publications (src/integrations/site-search.mjs), with
 * the real Pagefind indexer on folders shaped like builds: the first publication indexes
 * the whole site (the base); a later one links the base from the live build and indexes
 * only the pages that differ from it, listing the base's versions of those pages (and of
 * pages gone) for the dialog to drop.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { updateSearchIndex } from '../../src/integrations/site-search.mjs';

let work: string;

const page = (title: string, body: string, indexed = true) =>
  `<!doctype html><html lang="pt-BR"><head><title>${title}</title></head><body><main${
    indexed ? ' data-pagefind-body data-pagefind-meta="type:Artigos" data-pagefind-filter="type:Artigos"' : ''
  }><h1>${title}</h1><p>${body}</p></main></body></html>`;

async function writeSite(dir: string, pages: Record<string, string>) {
  for (const [file, html] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), html);
  }
}

/** Each page of an index folder: URL → its text, from Pagefind's fragments. */
async function indexed(dir: string): Promise<Map<string, { id: string; content: string }>> {
  const folder = path.join(dir, 'fragment');
  const pages = new Map<string, { id: string; content: string }>();
  for (const name of await readdir(folder).catch(() => [])) {
    const text = gunzipSync(await readFile(path.join(folder, name))).toString('utf8');
    const fragment = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string };
    pages.set(fragment.url, { id: name.replace(/\.pf_fragment$/, ''), content: fragment.content });
  }
  return pages;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'busca-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('search index across publications', () => {
  test('a publication indexes only what changed since the base, and lists what it replaces', async () => {
    const first = path.join(work, 'primeiro');
    await writeSite(first, {
      'index.html': page('Início', 'Página inicial sem busca', false),
      'blog/termopar/index.html': page('Leitura de termopar', 'O termopar tipo K mede temperatura.'),
      'blog/rs485/index.html': page('Rede RS485', 'Barramento diferencial.'),
      'blog/antigo/index.html': page('Artigo antigo', 'Conteúdo que será removido.'),
    });
    const whole = await updateSearchIndex(first, { keepState: true });
    expect(whole.delta).toBeNull();
    const base = await indexed(path.join(first, 'pagefind'));
    expect([...base.keys()].filter((url) => url.startsWith('/blog/')).sort()).toEqual([
      '/blog/antigo/',
      '/blog/rs485/',
      '/blog/termopar/',
    ]);
    expect(JSON.parse(await readFile(path.join(first, 'pagefind-novos', 'substituidos.json'), 'utf8'))).toEqual({
      paginas: 0,
      substituidos: [],
    });

    // The next build: one page edited, one gone, one new, one changed only outside what is
    // indexed (Pagefind then gives it the same id: nothing to drop); the rest as it was.
    const second = path.join(work, 'segundo');
    await cp(first, second, { recursive: true, filter: (source) => !/pagefind|\.search-index/.test(source) });
    await writeSite(second, {
      'blog/rs485/index.html': page('Rede RS485', 'Barramento diferencial com terminação de 120 ohms.'),
      'blog/modbus/index.html': page('Modbus RTU', 'Mestre e escravos no mesmo par.'),
      'blog/termopar/index.html': page('Leitura de termopar', 'O termopar tipo K mede temperatura.').replace(
        '</body>',
        '<footer>Rodapé novo</footer></body>',
      ),
    });
    await rm(path.join(second, 'blog/antigo'), { recursive: true });
    const update = await updateSearchIndex(second, { previous: first, keepState: true });
    expect(update.delta).toBe(3);

    // The base is the live build's, linked; the delta holds the two new versions.
    const baseFile = path.join('pagefind', 'pagefind-entry.json');
    expect((await stat(path.join(second, baseFile))).ino).toBe((await stat(path.join(first, baseFile))).ino);
    const delta = await indexed(path.join(second, 'pagefind-novos'));
    expect([...delta.keys()].sort()).toEqual(['/blog/modbus/', '/blog/rs485/', '/blog/termopar/']);
    expect(delta.get('/blog/termopar/')?.id).toBe(base.get('/blog/termopar/')?.id);
    expect(delta.get('/blog/rs485/')?.content).toContain('terminação de 120 ohms');
    const list = JSON.parse(await readFile(path.join(second, 'pagefind-novos', 'substituidos.json'), 'utf8'));
    expect(list.paginas).toBe(3);
    expect(list.substituidos.sort()).toEqual([base.get('/blog/antigo/')!.id, base.get('/blog/rs485/')!.id].sort());

    // A third build with nothing new keeps the same delta: it is measured against the base.
    const third = path.join(work, 'terceiro');
    await cp(second, third, { recursive: true, filter: (source) => !/pagefind|\.search-index/.test(source) });
    const again = await updateSearchIndex(third, { previous: second, keepState: true });
    expect(again.delta).toBe(3);
    expect(JSON.parse(await readFile(path.join(third, 'pagefind-novos', 'substituidos.json'), 'utf8'))).toEqual(list);
  }, 60_000);

  test('a page is known as indexed even when its marker falls across two reads', async () => {
    const dir = path.join(work, 'longa');
    // The marker starts 5 bytes before the 256 KB chunk ends.
    const head = '<!doctype html><html lang="pt-BR"><head><title>Longa</title></head><body><main ';
    const padding = `<!--${'x'.repeat(256 * 1024 - 5 - head.length - 7)}-->`;
    const html = page('Página longa', 'Conteúdo depois de um comentário enorme.').replace(
      '<!doctype html><html lang="pt-BR"><head><title>Página longa</title></head><body><main ',
      `${head.replace('<main ', '')}${padding}<main `,
    );
    expect(html.indexOf('data-pagefind-body')).toBe(256 * 1024 - 5);
    await writeSite(dir, { 'blog/longa/index.html': html });
    await updateSearchIndex(dir, { keepState: true });
    const state = JSON.parse(await readFile(path.join(dir, '.search-index.json'), 'utf8'));
    expect(Object.keys(state.pages)).toEqual(['/blog/longa/']);
  });
});
