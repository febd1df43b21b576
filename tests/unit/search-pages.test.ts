/**
 * What the site search reads of a built page (src/integrations/search-pages.mjs) and how
 * its words are counted (src/integrations/search-index-files.mjs): only the marked body,
 * without what is marked to be ignored, scripts or controls; headings and marked names
 * weigh more, within a limit; the title is the page's first h1.
 */
import { describe, expect, test } from 'vitest';
import { termVector } from '../../src/integrations/search-index-files.mjs';
import { pageDoc } from '../../src/integrations/search-pages.mjs';

const html = (main: string, head = '<title>Título da aba | Operium</title>') =>
  `<!doctype html><html lang="pt-BR"><head>${head}</head><body><header>Menu</header>${main}<footer>Rodapé</footer></body></html>`;

describe('pageDoc', () => {
  test('reads the marked body only, with its type, and leaves out ignored parts, scripts and buttons', () => {
    const doc = pageDoc(
      html(
        '<main data-search-body="Produtos"><nav data-search-ignore>Início / Produtos</nav><h1 data-search-weight="10">Controlador <b>OPX1-001</b></h1>' +
          '<p>Entrada PT100 &amp; RS-485<br>segunda linha</p><script>segredo()</script><button>Comprar</button><ul><li>um</li><li>dois</li></ul></main>',
      ),
    );
    expect(doc).toEqual({
      title: 'Controlador OPX1-001',
      type: 'Produtos',
      segments: [
        [10, 'Controlador OPX1-001'],
        [1, 'Entrada PT100 & RS-485 segunda linha um dois'],
      ],
    });
    expect(pageDoc(html('<main><p>sem marca</p></main>'))).toBeNull();
  });

  test("the title keeps a heading's line breaks as spaces; without an h1 it is the document's own <title>", () => {
    expect(pageDoc(html('<main data-search-body="Artigos"><h1>Sensor<br>PT100</h1></main>'))?.title).toBe('Sensor PT100');
    const noHeading = pageDoc(
      html('<main data-search-body="Páginas"><svg><title>Logo</title></svg><p>Texto</p></main>', '<title>Quem somos</title>'),
    );
    expect(noHeading?.title).toBe('Quem somos');
  });

  test('a weight given by the page counts at most 20 mentions', () => {
    const doc = pageDoc(html('<main data-search-body="Artigos"><p data-search-weight="1e308">termopar</p></main>'));
    expect(doc?.segments).toEqual([[20, 'termopar']]);
  });
});

describe('termVector', () => {
  test("each term's weight summed over the page; a pasted blob of more than 40 characters is not a term", () => {
    const blob = 'a1'.repeat(30);
    const vector = termVector({
      url: '/x/',
      title: 'x',
      type: 'Artigos',
      segments: [
        [7, 'Termopar'],
        [1, `termopares tipo K ${blob}`],
      ],
    });
    expect(vector.length).toBe(5);
    expect(Object.fromEntries(vector.terms.map((term, i) => [term, vector.weights[i]]))).toEqual({ termop: 8, tip: 1, k: 1 });
  });
});
