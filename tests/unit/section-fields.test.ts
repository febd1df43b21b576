/**
 * The Markdown fields of a page's sections, gathered and rendered into the `html` map the
 * section components get, with the site's real pipeline, and their Mídia images described
 * into the `images` map (src/lib/cms/section-fields.ts).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createArticleRenderer, renderArticle, type MarkdownRenderer } from '../../src/lib/markdown/render';
import { renderSectionHtml, sectionImageMap, sectionMarkdown } from '../../src/lib/cms/section-fields';

let renderer: MarkdownRenderer;
beforeAll(async () => {
  renderer = await createArticleRenderer();
});
const render = async (markdown: string) => (await renderArticle(renderer, markdown)).html;

const text = { id: 'texto1', type: 'text', title: 'Um **título**', note: '', body: 'Feito **no Brasil**.', style: 'plain' };

describe('sectionMarkdown', () => {
  test('gathers the markdown fields by section id, never the other fields', () => {
    expect(sectionMarkdown([text])).toEqual({ texto1: { body: 'Feito **no Brasil**.' } });
  });

  test('leaves out blank bodies, sections without Markdown fields, unknown types and non-sections', () => {
    const sections = [
      { ...text, id: 'vazio1', body: '  \n' },
      { id: 'cabeca1', type: 'page_header', title: '**Quem Somos**' },
      { id: 'estranha1', type: 'desconhecida', body: '**x**' },
      { id: 'proto1', type: '__proto__', body: '**x**' },
      null,
      'texto',
    ];
    expect(sectionMarkdown(sections)).toEqual({});
  });
});

describe('renderSectionHtml', () => {
  test('renders each markdown field through the pipeline, the sections as stored untouched', async () => {
    expect(await renderSectionHtml([text], render)).toEqual({ texto1: { body: '<p>Feito <strong>no Brasil</strong>.</p>' } });
    expect(text.body).toBe('Feito **no Brasil**.');
  });
});

describe('sectionImageMap', () => {
  test('describes each found image by section and field; one not found is left out', async () => {
    const sections = [
      { id: 'topo1', type: 'hero', title: 'A', image: 'abc123def456ghi' },
      { id: 'topo2', type: 'hero', title: 'B', image: 'naoexiste123456' },
    ];
    const facts = { abc123def456ghi: { id: 'abc123def456ghi', file: 'placa.webp', width: 800, height: 600 } };
    const images = await sectionImageMap(sections, (id) => facts[id as keyof typeof facts] ?? null, 'https://api.exemplo.com.br');
    // A WebP gets no thumbnails (PocketBase would re-encode it as PNG).
    expect(images).toEqual({
      topo1: { image: { src: 'https://api.exemplo.com.br/api/files/media/abc123def456ghi/placa.webp', width: 800, height: 600 } },
    });
  });
});
