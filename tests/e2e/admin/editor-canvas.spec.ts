/**
 * The editor's canvas looks like the site: each kind of block in the visual editor
 * has the same computed type and spacing as on a published article (the site's own
 * rules, src/styles/prose.css), so what editors see is what visitors get.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { signedInAs } from '../../helpers/staff';
import { writeMarkdown } from '../../helpers/editor';

/** An article on the site with every kind of block the comparison reads. */
const ARTICLE = '/blog/leitura-de-termopar-com-esp32';

const PROPERTIES = [
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'color',
  'margin-top',
  'margin-bottom',
  'padding-left',
  'list-style-type',
] as const;

/** Second of each, so the margin between two blocks of a kind is read, not the first's. */
const BLOCKS = {
  h2: 'h2:nth-of-type(2)',
  h3: 'h3',
  paragraph: 'p:nth-of-type(3)',
  list: 'ul',
  'list item': 'li',
  'table cell': 'td',
  'inline code': ':not(pre) > code',
} as const;

async function computed(page: Page, container: string) {
  return page
    .locator(container)
    .first()
    .evaluate(
      (root, { blocks, properties }) =>
        Object.fromEntries(
          Object.entries(blocks).map(([name, selector]) => {
            const element = root.querySelector(selector);
            if (!element) return [name, null];
            const style = getComputedStyle(element);
            return [name, Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]))];
          }),
        ),
      { blocks: BLOCKS, properties: PROPERTIES },
    );
}

test('paragraphs, headings, lists, tables and code in the editor are set as on the published article', async ({ page }) => {
  await page.goto(ARTICLE);
  const site = await computed(page, '.prose-article');
  // The article has every block compared, so a missing one cannot pass for equal.
  for (const [name, style] of Object.entries(site)) expect(style, name).not.toBeNull();
  expect(site.paragraph?.['margin-top']).toBe('16px');
  expect(site.h2?.['font-size']).toBe('24px');

  await signedInAs(page, 'editor', '/admin/posts/create');
  await writeMarkdown(
    page,
    'Conteúdo',
    [
      '## Primeira seção',
      'Um parágrafo.',
      'Outro parágrafo.',
      '## Ligação',
      '### Materiais',
      'Mais um parágrafo com `analogRead` no meio.',
      '- item um\n- item dois',
      '| Pino | Função |\n| --- | --- |\n| 34 | ADC |',
    ].join('\n\n'),
  );
  const canvas = await computed(page, '.ProseMirror');
  expect(canvas).toEqual(site);
});
