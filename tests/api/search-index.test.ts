/**
 * The site search's index (src/integrations/site-search.mjs) on a folder shaped like a
 * build: which pages Pagefind indexes, under which type, and the text it keeps of each (its
 * fragments, what the dialog's excerpts come from). What queries find is asked through the
 * dialog on the built site (tests/e2e/search-quality.spec.ts).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DOWNLOADS_FILE, writeSearchIndex } from '../../src/integrations/site-search.mjs';
import catalog from '../../shared/site-catalog.json' with { type: 'json' };

let work: string;

const page = (title: string, body: string, type: string | null = 'Artigos') =>
  `<!doctype html><html lang="pt-BR"><head><title>${title} | Operium</title></head><body><header>Menu Produtos Blog</header><main${
    type ? ` data-pagefind-body data-pagefind-meta="type:${type}" data-pagefind-filter="type:${type}"` : ''
  }><nav data-pagefind-ignore>Início / Blog</nav><h1>${title}</h1>${body}<script>var escondido = 1;</script></main><footer>Rodapé</footer></body></html>`;

interface Fragment {
  url: string;
  content: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

/** The pages of a written index, as Pagefind keeps them (gzip, after a signature). */
async function fragments(dir: string): Promise<Fragment[]> {
  const folder = path.join(dir, 'busca', 'fragment');
  const names = await readdir(folder);
  return Promise.all(
    names.map(async (name) => {
      const text = gunzipSync(await readFile(path.join(folder, name))).toString('utf8');
      return JSON.parse(text.slice(text.indexOf('{'))) as Fragment;
    }),
  );
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'busca-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('search index', () => {
  test('indexes the marked pages with their type, and the downloads as records linked to their files', async () => {
    const site: Record<string, string> = {
      'index.html': page('Início', '<p>Página inicial, fora da busca</p>', null),
      'produtos/opx1001/index.html': page(
        'Controlador OPX1-001',
        '<p>Entradas PT100 e RS-485.</p><div data-pagefind-ignore="all"><button>Imagem anterior</button><p><span class="sr-only">Mostrando a imagem </span>1 / 2</p></div>' +
          '<a href="/contato">Solicitar orçamento</a><a href="https://wa.me/1">WhatsApp<span class="sr-only"> (abre em nova aba)</span></a><svg><title>Ícone de seta</title></svg>' +
          '<form><label>Seu e-mail</label><button>Assinar</button></form>',
        'Produtos',
      ),
      'blog/calibracao/index.html': page('Calibração de sensores', '<p>Ajuste de offset.</p><p>Ganho do sensor.</p>'),
      'quem-somos/index.html': page('Quem somos', '<ul><li>Fábrica</li><li>Suporte</li></ul>', 'Páginas'),
    };
    // What src/pages/referencias/downloads.json.ts writes, from a fresh install's catalogue.
    site[DOWNLOADS_FILE] = JSON.stringify({
      datasheets: catalog.datasheets.map(({ name, description, url }) => ({ name, description, url })),
      software: catalog.software.map(({ name, description, url, category }) => ({ name, description, url, category })),
    });
    for (const [file, html] of Object.entries(site)) {
      await mkdir(path.dirname(path.join(work, file)), { recursive: true });
      await writeFile(path.join(work, file), html);
    }
    const result = await writeSearchIndex(work);
    expect(result.pages).toBe(3);
    expect(result.downloads).toBeGreaterThan(30);

    const found = await fragments(work);
    const byUrl = new Map(found.map((fragment) => [fragment.url, fragment]));
    expect([...byUrl.keys()].filter((url) => url.startsWith('/')).sort()).toEqual([
      '/blog/calibracao',
      '/produtos/opx1001',
      '/quem-somos',
    ]);
    expect(byUrl.get('/produtos/opx1001')).toMatchObject({
      meta: { title: 'Controlador OPX1-001', type: 'Produtos' },
      filters: { type: ['Produtos'] },
    });
    const downloads = found.filter((fragment) => fragment.meta.type === 'Downloads');
    expect(downloads.length).toBe(result.downloads);
    expect(downloads.every((fragment) => /^https:\/\//.test(fragment.url))).toBe(true);

    // Only the marked body's text: not the header, the ignored breadcrumbs or scripts.
    const article = byUrl.get('/blog/calibracao')!.content;
    expect(article).not.toMatch(/Menu|Rodapé|Início|escondido/);
    // Text, not interface: a carousel's controls, words only screen readers hear, icons, forms.
    const product = byUrl.get('/produtos/opx1001')!.content;
    // Elements side by side read as separate words, never run together.
    expect(product).toMatch(/orçamento\s+WhatsApp/);
    expect(product).not.toMatch(/Imagem anterior|Mostrando|1 \/ 2|abre em nova aba|Ícone|Seu e-mail|Assinar/);
    // Blocks read as separate sentences.
    expect(article).toMatch(/offset\.\s+Ganho/);
    expect(byUrl.get('/quem-somos')!.content).toMatch(/Fábrica\.\s+Suporte/);
    // Pagefind's own ready-made interfaces are not shipped: the dialog is ours.
    expect(await readdir(path.join(work, 'busca'))).not.toContain('pagefind-ui.js');
  }, 60_000);
});
