/**
 * The visual editor reads and writes Markdown (src/admin/editor/extensions.ts): what
 * it writes back renders, through the site's own pipeline, to the same article HTML
 * as what it read — for a fixture with every construct and for the git articles
 * that are plain Markdown.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { MarkdownManager } from '@tiptap/markdown';
import { beforeAll, describe, expect, test } from 'vitest';
import { editorExtensions } from '../../src/admin/editor/extensions';
import { createArticleRenderer, renderArticle, type MarkdownRenderer } from '../../src/lib/markdown/render';

const manager = new MarkdownManager({ extensions: editorExtensions().filter((extension) => extension.name !== 'markdown') });
const roundTrip = (markdown: string) => manager.serialize(manager.parse(markdown));

let renderer: MarkdownRenderer;
beforeAll(async () => {
  renderer = await createArticleRenderer();
});
const html = async (markdown: string) => (await renderArticle(renderer, markdown)).html;

/** The body of a git article: its MDX without the front matter. */
const bodyOf = (file: string) => readFileSync(`src/content/blog/${file}`, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
/** Plain Markdown: no imports, no JSX components. */
const plainArticles = readdirSync('src/content/blog').filter((file) => !/^import |<[A-Z]/m.test(bodyOf(file)));

describe('the editor writes back what it read', () => {
  test('the fixture with every construct renders the same after a round trip', async () => {
    const source = readFileSync('tests/fixtures/every-construct.md', 'utf8');
    const written = roundTrip(source);
    expect(await html(written)).toBe(await html(source));
    // Raw HTML and footnotes, which the editor has no tool for, come back as written.
    for (const kept of ['<sup>sobrescrito</sup>', '[^fonte]', '[^fonte]: A nota']) expect(written).toContain(kept);
  });

  test('there are plain-Markdown git articles to check', () => {
    expect(plainArticles.length).toBeGreaterThanOrEqual(8);
  });

  test.each(plainArticles)('git article %s renders the same after a round trip', async (file) => {
    const source = bodyOf(file);
    expect(await html(roundTrip(source))).toBe(await html(source));
  });

  test('a second round trip changes nothing', () => {
    const once = roundTrip(readFileSync('tests/fixtures/every-construct.md', 'utf8'));
    expect(roundTrip(once)).toBe(once);
  });

  test.each([
    ['an HTML block', '<div class="nota">\n<b>Atenção</b>\n</div>\n\nDepois.'],
    ['a comment', 'Antes <!-- nota interna --> depois.'],
    ['a footnote that goes on past a blank line', 'Texto[^a].\n\n[^a]: Primeira linha.\n\n    Continuação.\n\nFim.'],
    ['an autolink', 'Veja <https://operium.com.br> e <contato@operium.com.br>.'],
    ['a heading of level four', '#### Nível quatro\n\nTexto.'],
  ])('%s renders the same after a round trip', async (_name, source) => {
    expect(await html(roundTrip(source))).toBe(await html(source));
  });
});
