/**
 * What every CMS article body gets at build time (src/lib/markdown.ts); MDX articles
 * get the same from the components their page maps `a` and `table` to
 * (src/components/blog/ArticleLink.astro, ArticleTable.astro), since Astro 7's MDX
 * processor (Sätteri) runs no rehype plugins:
 * - a link to another site opens in a new tab, without handing it this page
 *   (`rel="noopener noreferrer"`), and says so to screen readers;
 * - a table scrolls sideways inside its own box, so a wide table never pushes a
 *   390 px page (the box is focusable, for keyboard scrolling).
 */
import type { Element, ElementContent, Root } from 'hast';
import { visit } from 'unist-util-visit';
import { EXTERNAL_LINK_ATTRIBUTES, isExternalHref } from './markdown-policy';

/** Read after an external link's text by screen readers (visually hidden). */
export const NEW_TAB_HINT = ' (abre em nova aba)';
export const HINT_CLASS = 'sr-only';
/** The class of the box a table scrolls in (src/styles/global.css). */
export const TABLE_BOX_CLASS = 'table-scroll';
/** What a screen reader hears for the box. */
export const TABLE_BOX_LABEL = 'Tabela: role para o lado para ver todas as colunas';

const classesOf = (node: Element) => {
  const value: unknown = node.properties?.className;
  return Array.isArray(value) ? value.map(String) : String(value ?? '').split(/\s+/);
};

const hint = (): Element => ({
  type: 'element',
  tagName: 'span',
  properties: { className: [HINT_CLASS] },
  children: [{ type: 'text', value: NEW_TAB_HINT }],
});

const hasHint = (link: Element) =>
  link.children.some((child) => child.type === 'element' && classesOf(child).includes(HINT_CLASS));

function tableBox(table: Element): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: {
      className: [TABLE_BOX_CLASS],
      role: 'region',
      tabIndex: 0,
      ariaLabel: TABLE_BOX_LABEL,
    },
    children: [table],
  };
}

export function rehypeArticle() {
  return (tree: Root) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName === 'a' && isExternalHref(String(node.properties?.href ?? ''))) {
        node.properties = {
          ...node.properties,
          target: EXTERNAL_LINK_ATTRIBUTES.target,
          rel: EXTERNAL_LINK_ATTRIBUTES.rel.split(' '),
        };
        if (!hasHint(node)) node.children.push(hint());
        return;
      }
      if (node.tagName !== 'table' || !parent || index === undefined) return;
      if (parent.type === 'element' && classesOf(parent).includes(TABLE_BOX_CLASS)) return;
      // In place: the walk goes on into the table's cells (their links), then past the box.
      (parent.children as ElementContent[])[index] = tableBox(node);
    });
  };
}
