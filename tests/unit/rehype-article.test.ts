import { describe, expect, test } from 'vitest';
import { renderMarkdown } from '../../src/lib/markdown';

describe('article bodies (CMS Markdown through the same rehype step as MDX)', () => {
  test('a link to another site opens in a new tab, without the opener, and says so; an internal one does not', () => {
    const html = renderMarkdown('Veja [o datasheet](https://exemplo.com/ds.pdf) e [os produtos](/produtos).');
    expect(html).toContain(
      '<a href="https://exemplo.com/ds.pdf" target="_blank" rel="noopener noreferrer">o datasheet<span class="sr-only"> (abre em nova aba)</span></a>',
    );
    expect(html).toContain('<a href="/produtos">os produtos</a>');
  });

  test('a table scrolls in its own focusable box, and links in its cells are handled too', () => {
    const html = renderMarkdown('| Pino | Função |\n| --- | --- |\n| 21 | [TX1](https://docs.exemplo.com) |');
    expect(html).toMatch(
      /^<div class="table-scroll" role="region" tabindex="0" aria-label="Tabela: role para o lado para ver todas as colunas"><table>/,
    );
    expect(html).toContain('</table></div>');
    expect(html).toContain('target="_blank" rel="noopener noreferrer">TX1<span class="sr-only"> (abre em nova aba)</span>');
  });

  test('what the sanitizer drops stays dropped', () => {
    const html = renderMarkdown('<script>alert(1)</script>[x](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|href="javascript:|onerror=/);
  });
});
