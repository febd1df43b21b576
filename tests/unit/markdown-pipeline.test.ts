/**
 * The site's one Markdown pipeline (src/config/markdown.ts), as CMS bodies and the
 * admin's preview go through it: the real Sätteri processor with the site's
 * sanitizing step, Shiki theme, article steps and heading ids.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { createMarkdownProcessor } from '../../src/config/markdown';
import { createArticleRenderer, renderArticle, type MarkdownRenderer } from '../../src/lib/markdown/render';
import { sanitizeTree } from '../../src/lib/markdown/sanitize';

let renderer: MarkdownRenderer;
beforeAll(async () => {
  renderer = await createArticleRenderer();
});
const render = async (markdown: string, images = {}) => (await renderArticle(renderer, markdown, images)).html;

describe('article steps', () => {
  test('a link to another site opens in a new tab, without the opener, and says so; an internal one does not', async () => {
    const html = await render('Veja [o datasheet](https://exemplo.com/ds.pdf) e [os produtos](/produtos).');
    expect(html).toContain(
      '<a href="https://exemplo.com/ds.pdf" rel="noopener noreferrer" target="_blank">o datasheet<span class="sr-only"> (abre em nova aba)</span></a>',
    );
    expect(html).toContain('<a href="/produtos">os produtos</a>');
  });

  test('in an MDX article, a link written as JSX goes to the component with the same rule, whatever its address', async () => {
    // As @astrojs/mdx compiles an article with the site's processor.
    const processor = createMarkdownProcessor();
    const mdx = await processor.createMdxRenderer?.({}, { optimize: false, srcDir: new URL('../../src/', import.meta.url) });
    if (!mdx) throw new Error('the processor compiles no MDX');
    const source = [
      "import { site } from '../../config/site';",
      '',
      'No <a href={site.social.youtube}>canal</a>, no [site](https://exemplo.com) e',
      '',
      '<a href="/produtos" title="Produtos">na loja</a>',
    ].join('\n');
    const { code } = await mdx.process(source, fileURLToPath(new URL('../../src/content/blog/x.mdx', import.meta.url)), {});
    const component = fileURLToPath(new URL('../../src/components/mdx/ArticleLink.astro', import.meta.url));
    expect(code).toContain(`import OperiumArticleLink from ${JSON.stringify(component)};`);
    expect(code).toMatch(/_jsx\(OperiumArticleLink, \{\s*href: site\.social\.youtube,\s*children: "canal"/);
    expect(code).toMatch(/_jsx\(OperiumArticleLink, \{\s*href: "\/produtos",\s*title: "Produtos",/);
    // A Markdown link keeps its treatment at compile time, and no literal <a> is left.
    expect(code).toContain('target: "_blank"');
    expect(code).not.toMatch(/_jsxs?\("a"/);
    expect(existsSync(component)).toBe(true);
  });

  test('a table scrolls in its own focusable box, and links in its cells are handled too', async () => {
    const html = await render('| Pino | Função |\n| :-- | --: |\n| 21 | [TX1](https://docs.exemplo.com) |');
    expect(html).toMatch(
      /^<div class="table-scroll" role="region" tabindex="0" aria-label="Tabela: role para o lado para ver todas as colunas"><table>/,
    );
    expect(html).toContain('</table></div>');
    expect(html).toContain('<th style="text-align: right">Função</th>');
    expect(html).toContain('rel="noopener noreferrer" target="_blank">TX1<span class="sr-only"> (abre em nova aba)</span>');
  });

  test('headings get anchors; code blocks get the site theme, with their language', async () => {
    const html = await render('## Leitura do sensor\n\n```cpp\nint x = 1;\n```\n\n## Leitura do sensor');
    expect(html).toContain('<h2 id="leitura-do-sensor">Leitura do sensor</h2>');
    expect(html).toContain('<h2 id="leitura-do-sensor-1">');
    expect(html).toMatch(/<pre class="astro-code github-dark-high-contrast"[^>]*data-language="cpp"><code><span class="line">/);
  });

  test('a library image gets its size, thumbnails and lazy loading; any other image loads lazily', async () => {
    const src = '/api/files/media/abc123def456ghi/placa.png';
    const html = await render(`![Placa](${src})\n\n![Outra](/outra.png)`, {
      [src]: { src, width: 1200, height: 800, srcset: `${src}?thumb=480x0 480w, ${src} 1200w`, sizes: '100vw' },
    });
    expect(html).toContain(
      `<img src="${src}" alt="Placa" loading="lazy" decoding="async" width="1200" height="800" srcset="${src}?thumb=480x0 480w, ${src} 1200w" sizes="100vw">`,
    );
    expect(html).toContain('<img src="/outra.png" alt="Outra" loading="lazy" decoding="async">');
  });

  test('footnotes speak Portuguese', async () => {
    const html = await render('Texto[^1].\n\n[^1]: Nota.');
    expect(html).toContain('<h2 class="sr-only" id="footnote-label">Notas</h2>');
    expect(html).toContain('aria-label="Voltar à referência 1"');
  });

  test('line endings from Windows render as plain newlines', async () => {
    expect(await render('Linha um\r\nlinha dois\r\n\r\n## Título')).toBe(await render('Linha um\nlinha dois\n\n## Título'));
  });

  test('a body that opens with a rule keeps it: nothing is read as front matter', async () => {
    const html = await render('---\ntitle: x\n---\n\nTexto.');
    expect(html).toContain('<hr>');
    expect(html).toContain('Texto.');
  });
});

describe('sanitizing: whatever is typed or pasted, no script reaches the site', () => {
  test.each([
    ['<script>window.x=1</script>', /<script|window\.x/],
    ['<img src="x.png" onerror="alert(2)">', /onerror/],
    ['<a href="#" onclick="alert(1)">a</a>', /onclick/],
    ['[clique](javascript:alert(3))', /javascript:/i],
    ['<a href="JaVaScRiPt:alert(4)">a</a>', /javascript:/i],
    ['<a href="jav&#x09;ascript:alert(5)">a</a>', /href=/],
    ['<a href=" javascript:alert(6)">a</a>', /href=/],
    ['<javascript:alert(7)>', /href="javascript/i],
    ['[ref]\n\n[ref]: javascript:alert(8)', /href=/],
    ['<iframe src="https://evil.example"></iframe>', /<iframe|evil/],
    ['<svg onload="alert(9)"><circle/></svg>', /<svg|onload/],
    ['<style>body{display:none}</style>', /<style|display/],
    ['<div style="position:fixed;inset:0">x</div>', /style=/],
    ['<form action="https://evil.example"><input name="senha"></form>', /<form|<input/],
    ['<object data="x.swf"></object><embed src="x.swf">', /<object|<embed/],
    ['![x](data:image/svg+xml,<svg onload=alert(1)>)', /<img|<svg/],
    ['![x](data:image/png;base64,iVBORw0KGgo=)', /src=/],
    ['<input type="text" name="senha"><input type="checkbox" onclick="x()">', /type="text"|onclick|name=/],
    ['<a href="//evil.example/x">a</a>', /href=/],
    ['<img src="\\\\evil.example\\x.png">', /src=/],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', /<meta|refresh/],
    ['<p id="conteudo" class="fixed">x</p>', /id=|class=/],
    ['<details open ontoggle="alert(1)"><summary>x</summary></details>', /ontoggle|<details/],
  ])('%s', async (markdown, forbidden) => {
    const html = await render(markdown);
    expect(html).not.toMatch(forbidden);
  });

  test('what the policy allows stays: links, images, sup and sub, tables, code', async () => {
    const html = await render('<sup>2</sup> <sub>n</sub> <mark>m</mark> [a](mailto:x@exemplo.com.br) [t](tel:+5547999990000)');
    expect(html).toContain('<sup>2</sup> <sub>n</sub> <mark>m</mark>');
    expect(html).toContain('href="mailto:x@exemplo.com.br"');
    expect(html).toContain('href="tel:+5547999990000"');
  });

  test.each([
    ['/blog/artigo', true],
    ['artigo#secao', true],
    ['#secao', true],
    ['?pagina=2', true],
    ['a/b:c', true],
    ['https://exemplo.com.br', true],
    ['HTTP://exemplo.com.br', true],
    ['mailto:contato@exemplo.com.br', true],
    ['tel:+5547999990000', true],
    ['//evil.example/x', false],
    ['\\\\evil.example', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['data:text/html,oi', false],
    ['vbscript:msgbox', false],
    ['ftp://exemplo.com.br', false],
    ['blob:https://exemplo.com.br/x', false],
  ])('link %s is kept: %s', async (href, kept) => {
    const html = await render(`<a href="${href}">x</a>`);
    expect(html.includes(' href="'), html).toBe(kept);
  });

  test('the step is pure: the same tree in gives the same clean tree out', () => {
    const tree = {
      type: 'root' as const,
      children: [{ type: 'element' as const, tagName: 'a', properties: { href: '//x', onClick: 'y' }, children: [] }],
    };
    expect(sanitizeTree(tree)).toEqual({
      type: 'root',
      children: [{ type: 'element', tagName: 'a', properties: {}, children: [] }],
    });
  });
});

describe('the fixture with every construct', () => {
  test('renders every construct the editor writes', async () => {
    const html = await render(readFileSync('tests/fixtures/every-construct.md', 'utf8'));
    for (const fragment of [
      '<strong>negrito</strong>',
      '<em>itálico</em>',
      '<code>código em linha</code>',
      '<del>riscado</del>',
      '<h2 id="título-de-nível-dois">',
      '<h3 id="título-de-nível-três">',
      '<br>',
      '<ul>',
      '<ol>',
      '<input type="checkbox" disabled',
      '<blockquote>',
      'data-language="cpp"',
      'class="table-scroll"',
      'alt="Placa OPS010 vista de cima" loading="lazy"',
      '<hr>',
      'id="footnote-label"',
      '<sup>sobrescrito</sup>',
      '<sub>subscrito</sub>',
    ])
      expect(html, fragment).toContain(fragment);
  });
});
