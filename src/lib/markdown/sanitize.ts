/**
 * The sanitizing step of the Markdown pipeline: a Sätteri hast plugin that runs on
 * plain Markdown (CMS posts and pages, the admin's preview, the legal pages) and never
 * on MDX, which is code reviewed in git. It runs first, on the tree the parser made
 * from the Markdown and its raw HTML (parsed into elements by the processor's
 * `rawHtml` feature), so the later steps (highlighting, the article steps, heading
 * ids) add their markup to an already clean tree.
 */
import type { Element, Root, RootContent } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import type { HastPluginEntry } from 'satteri';
import { MARKDOWN_SCHEMA, isProtocolRelative } from './policy.ts';

/** The tree as the policy of src/lib/markdown/policy.ts lets it reach the site. */
export function sanitizeTree(tree: Readonly<Root>): Root {
  const clean = sanitize(withLowercaseSchemes(tree), MARKDOWN_SCHEMA) as Root;
  finish(clean);
  return clean;
}

/**
 * The tree with each link's and image's scheme in lower case: hast-util-sanitize
 * compares schemes as written, and browsers read `HTTP:` as `http:`. Elements with
 * neither are shared, not copied (the sanitizer copies what it keeps).
 */
function withLowercaseSchemes<T extends Root | RootContent>(node: Readonly<T>): T {
  let copy = node as T;
  if (node.type === 'element') {
    const element = node as Readonly<Element>;
    for (const name of ['href', 'src'] as const) {
      const value = element.properties[name];
      if (typeof value !== 'string' || !/^[a-z][a-z\d+.-]*:/i.test(value)) continue;
      const lower = value.replace(/^[^:]+/, (scheme) => scheme.toLowerCase());
      if (lower !== value) copy = { ...copy, properties: { ...(copy as Element).properties, [name]: lower } };
    }
  }
  if ('children' in node) {
    const before = node.children as readonly RootContent[];
    const children = before.map((child) => withLowercaseSchemes<RootContent>(child));
    if (children.some((child, index) => child !== before[index])) copy = { ...copy, children };
  }
  return copy;
}

/** An input is kept only as a task list's box: a disabled checkbox. */
const isTaskBox = (node: Element) => node.properties.type === 'checkbox' && node.properties.disabled === true;

/**
 * What the schema cannot say: hast-util-sanitize takes `//host` for a relative
 * address (the policy does not), and keeps any input whose attributes pass.
 */
function finish(node: Root | RootContent) {
  if (!('children' in node)) return;
  node.children = (node.children as RootContent[]).filter(
    (child) => child.type !== 'element' || child.tagName !== 'input' || isTaskBox(child),
  ) as typeof node.children;
  for (const child of node.children) {
    if (child.type === 'element') {
      for (const name of ['href', 'src'] as const) {
        const value = child.properties[name];
        if (typeof value === 'string' && isProtocolRelative(value)) delete child.properties[name];
      }
    }
    finish(child);
  }
}

/** Left out of MDX documents: the factory runs once per document, before it is parsed. */
export const sanitizePlugin: HastPluginEntry = ({ sourceFormat }) =>
  sourceFormat === 'markdown' && {
    name: 'operium-sanitize',
    before(root, ctx) {
      ctx.replaceNode(root, sanitizeTree(root));
    },
  };
