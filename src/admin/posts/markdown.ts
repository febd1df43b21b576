/**
 * The editor's preview of a post body: Markdown rendered by the same `marked`
 * settings as the site (src/lib/markdown.ts) and sanitized in the browser with
 * DOMPurify, allowing what the site's sanitizer allows (same tags, attributes and
 * link schemes), so the preview never shows or runs what the site would drop.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** sanitize-html's default tags (without iframe) plus the ones src/lib/markdown.ts adds. */
const ALLOWED_TAGS = [
  'address', 'article', 'aside', 'footer', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hgroup', 'main', 'nav',
  'section', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'hr', 'li', 'menu', 'ol', 'p', 'pre',
  'ul', 'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 'rb',
  'rp', 'rt', 'rtc', 'ruby', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr',
  'caption', 'col', 'colgroup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'img',
]; // prettier-ignore

/** Per tag, as in src/lib/markdown.ts. */
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  code: ['class'],
  th: ['align'],
  td: ['align'],
};

/** http, https, mailto and tel; relative addresses (no scheme) pass. */
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let purifier: ReturnType<typeof DOMPurify> | undefined;

function getPurifier() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const allowed = ALLOWED_ATTRIBUTES[node.nodeName.toLowerCase()] ?? [];
    if (!allowed.includes(data.attrName)) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.tagName === 'A' && /^https?:\/\//.test(element.getAttribute('href') ?? '')) {
      element.setAttribute('rel', 'noopener noreferrer');
      element.setAttribute('target', '_blank');
    }
    if (element.tagName === 'IMG') element.setAttribute('loading', 'lazy');
  });
  return purifier;
}

/** Markdown → sanitized HTML, for the preview only (the site renders its own copy at build time). */
export function renderPreview(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true }) as string;
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())],
    ALLOWED_URI_REGEXP: SAFE_URL,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
