/**
 * The editor's preview of a post body: Markdown rendered by the same `marked`
 * settings as the site (src/lib/markdown.ts) and sanitized in the browser with
 * DOMPurify under the site's own policy (src/lib/markdown-policy.ts: tags,
 * attributes and link schemes), so the preview never shows or runs what the site
 * would drop.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import {
  EXTERNAL_LINK_ATTRIBUTES,
  MARKDOWN_ATTRIBUTES,
  MARKDOWN_TAGS,
  MARKDOWN_URL_PATTERN,
  isExternalHref,
} from '../../lib/markdown-policy';

let purifier: ReturnType<typeof DOMPurify> | undefined;

function getPurifier() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const allowed = MARKDOWN_ATTRIBUTES[node.nodeName.toLowerCase()] ?? [];
    if (!allowed.includes(data.attrName)) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.tagName === 'A' && isExternalHref(element.getAttribute('href'))) {
      for (const [name, value] of Object.entries(EXTERNAL_LINK_ATTRIBUTES)) element.setAttribute(name, value);
    }
    if (element.tagName === 'IMG') element.setAttribute('loading', 'lazy');
  });
  return purifier;
}

/** Markdown → sanitized HTML, for the preview only (the site renders its own copy at build time). */
export function renderPreview(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true }) as string;
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS: [...MARKDOWN_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(MARKDOWN_ATTRIBUTES).flat())],
    ALLOWED_URI_REGEXP: MARKDOWN_URL_PATTERN,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
