/**
 * The Markdown fields of a page's sections, rendered before the section components get
 * them (src/lib/cms/section-markdown.ts), with the site's real pipeline.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createArticleRenderer, renderArticle, type MarkdownRenderer } from '../../src/lib/markdown/render';
import { renderSectionMarkdown } from '../../src/lib/cms/section-markdown';

let renderer: MarkdownRenderer;
beforeAll(async () => {
  renderer = await createArticleRenderer();
});
const render = async (markdown: string) => (await renderArticle(renderer, markdown)).html;

describe('renderSectionMarkdown', () => {
  test('turns a markdown field into the pipeline’s HTML and leaves the other fields as written', async () => {
    const text = { id: 'texto1', type: 'text', title: 'Um **título**', note: '', body: 'Feito **no Brasil**.', style: 'plain' };
    const [rendered] = await renderSectionMarkdown([text], render);
    expect(rendered).toEqual({ ...text, body: '<p>Feito <strong>no Brasil</strong>.</p>' });
    // The section as stored stays Markdown.
    expect(text.body).toBe('Feito **no Brasil**.');
  });

  test('leaves sections without Markdown fields, and unknown types, as they were', async () => {
    const sections = [
      { id: 'cabeca1', type: 'page_header', title: '**Quem Somos**' },
      { id: 'estranha1', type: 'desconhecida', body: '**x**' },
    ];
    expect(await renderSectionMarkdown(sections, render)).toEqual(sections);
  });
});
