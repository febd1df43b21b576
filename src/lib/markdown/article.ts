/**
 * The article steps of the Markdown pipeline, a Sätteri hast plugin every article
 * body gets, MDX from git and Markdown from the CMS alike:
 * - a link to another site opens in a new tab, without handing it this page
 *   (`rel="noopener noreferrer"`), and says so to screen readers; a link an MDX
 *   article writes as JSX (`<a href={site.social.youtube}>`) gets the same, from
 *   src/components/mdx/ArticleLink.astro: its address may be an expression, known
 *   only when the page renders, so the rule is applied there;
 * - a table scrolls sideways inside its own box, so a wide table never pushes a
 *   390 px page (the box is focusable, for keyboard scrolling);
 * - an image loads lazily, and an image of the media library the renderer was told
 *   about (src/lib/markdown/render.ts) gets its width, height and a `srcset` of
 *   PocketBase thumbnails, so it never shifts the layout.
 */
import { fileURLToPath } from 'node:url';
import type { Element, Root } from 'hast';
import type { HastPluginDefinition, HastVisitorContext, MdxJsxFlowElementHast, MdxJsxTextElementHast } from 'satteri';
import { EXTERNAL_LINK_ATTRIBUTES, isExternalHref } from './policy.ts';

/** Read after an external link's text by screen readers (visually hidden). */
export const NEW_TAB_HINT = ' (abre em nova aba)';
export const HINT_CLASS = 'sr-only';
/** The class of the box a table scrolls in (src/styles/global.css). */
export const TABLE_BOX_CLASS = 'table-scroll';
/** What a screen reader hears for the box. */
export const TABLE_BOX_LABEL = 'Tabela: role para o lado para ver todas as colunas';

/** The attributes a body image of the media library gets, by the address the Markdown gives. */
export interface ArticleImage {
  src: string;
  width?: number;
  height?: number;
  srcset?: string;
  sizes?: string;
}

/**
 * Where the renderer puts the images it knows of: in the document's front matter,
 * the one value Astro's renderers hand to plugins (a CMS body has no front matter of
 * its own; an MDX article that declared this key would only describe its own images).
 */
export const IMAGES_KEY = 'operium:images';

const classesOf = (node: Element): string[] => {
  const value: unknown = node.properties?.className;
  return Array.isArray(value) ? value.map(String) : String(value ?? '').split(/\s+/);
};

const hint = (): Element => ({
  type: 'element',
  tagName: 'span',
  properties: { className: [HINT_CLASS] },
  children: [{ type: 'text', value: NEW_TAB_HINT }],
});

const tableBox = (): Element => ({
  type: 'element',
  tagName: 'div',
  properties: { className: [TABLE_BOX_CLASS], role: 'region', tabIndex: 0, ariaLabel: TABLE_BOX_LABEL },
  children: [],
});

function imagesOf(ctx: HastVisitorContext): Record<string, ArticleImage> {
  const frontmatter = (ctx.data as { astro?: { frontmatter?: Record<string, unknown> } }).astro?.frontmatter;
  const images = frontmatter?.[IMAGES_KEY];
  return images && typeof images === 'object' ? (images as Record<string, ArticleImage>) : {};
}

function externalLink(node: Element, ctx: HastVisitorContext) {
  if (!isExternalHref(String(node.properties?.href ?? ''))) return;
  ctx.setProperty(node, 'rel', EXTERNAL_LINK_ATTRIBUTES.rel.split(' '));
  ctx.setProperty(node, 'target', EXTERNAL_LINK_ATTRIBUTES.target);
  const hinted = node.children.some((child) => child.type === 'element' && classesOf(child).includes(HINT_CLASS));
  if (!hinted) ctx.appendChild(node, hint());
}

/** The name a JSX link takes in the compiled article, imported by the article itself. */
const ARTICLE_LINK = 'OperiumArticleLink';
/** Set in the compile's data when the article has a JSX link, so the import is added once. */
const USES_ARTICLE_LINK = 'operium:article-link';

/**
 * An `<a>` written as JSX becomes the ArticleLink component, with the same attributes
 * and children. (MDX never hands a literal JSX tag to the `components` of `<Content>`:
 * only the tags of Markdown syntax, so the tag itself is swapped.)
 */
function jsxLink<N extends MdxJsxTextElementHast | MdxJsxFlowElementHast>(node: N, ctx: HastVisitorContext): N {
  ctx.data[USES_ARTICLE_LINK] = true;
  return { ...node, name: ARTICLE_LINK };
}

function importArticleLink(root: Readonly<Root>, ctx: HastVisitorContext) {
  if (!ctx.data[USES_ARTICLE_LINK]) return;
  // Resolved here, when an MDX article is compiled (in Node, from this file's own place).
  const component = fileURLToPath(new URL('../../components/mdx/ArticleLink.astro', import.meta.url));
  ctx.prependChild(root, { type: 'mdxjsEsm', value: `import ${ARTICLE_LINK} from ${JSON.stringify(component)};` });
}

function scrollingTable(node: Element, ctx: HastVisitorContext) {
  const parent = ctx.parent(node);
  if (parent?.type === 'element' && classesOf(parent).includes(TABLE_BOX_CLASS)) return;
  ctx.wrapNode(node, tableBox());
}

function describedImage(node: Element, ctx: HastVisitorContext) {
  ctx.setProperty(node, 'loading', 'lazy');
  ctx.setProperty(node, 'decoding', 'async');
  const known = imagesOf(ctx)[String(node.properties?.src ?? '')];
  if (!known) return;
  for (const [name, value] of Object.entries(known)) if (value !== undefined) ctx.setProperty(node, name, value);
}

export const articlePlugin: HastPluginDefinition = {
  name: 'operium-article',
  element: {
    filter: ['a', 'table', 'img'],
    visit(node, ctx) {
      if (node.tagName === 'a') externalLink(node, ctx);
      else if (node.tagName === 'table') scrollingTable(node, ctx);
      else describedImage(node, ctx);
    },
  },
  mdxJsxTextElement: { filter: ['a'], visit: jsxLink },
  mdxJsxFlowElement: { filter: ['a'], visit: jsxLink },
  after: importArticleLink,
};
