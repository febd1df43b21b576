/**
 * What a CMS post body may contain once its Markdown is rendered: the one list both
 * sanitizers read — sanitize-html when the site is built (src/lib/markdown.ts) and
 * DOMPurify in the admin's preview (src/admin/posts/markdown.ts) — so the preview
 * never shows what the site would drop. No imports: the admin bundle takes only this.
 */

/** Elements kept; everything else (script, style, iframe, form, svg…) is dropped. */
export const MARKDOWN_TAGS = [
  'address', 'article', 'aside', 'footer', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hgroup', 'main', 'nav',
  'section', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'hr', 'li', 'menu', 'ol', 'p', 'pre',
  'ul', 'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 'rb',
  'rp', 'rt', 'rtc', 'ruby', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr',
  'caption', 'col', 'colgroup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'img',
] as const; // prettier-ignore

/** Attributes kept, per element; no other element keeps any (no class, style, id, on*, data-*). */
export const MARKDOWN_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  code: ['class'],
  th: ['align'],
  td: ['align'],
};

/** Schemes allowed in `href` and `src`; relative addresses pass, protocol-relative ones (`//host`) do not. */
export const MARKDOWN_URL_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/**
 * The same rule as a pattern for DOMPurify: an allowed scheme, or no scheme at all
 * and not protocol-relative (`//` or `\\` in any mix), as sanitize-html decides.
 */
export const MARKDOWN_URL_PATTERN = new RegExp(
  `^(?:(?:${MARKDOWN_URL_SCHEMES.join('|')}):|(?![a-z][a-z\\d.+-]*:|[/\\\\]{2}))`,
  'i',
);

/** Links that leave the site open in a new tab, without access to this window. */
export function isExternalHref(href: string | null | undefined): boolean {
  return /^https?:\/\//i.test(href ?? '');
}

/** `rel` and `target` set on external links. */
export const EXTERNAL_LINK_ATTRIBUTES = { rel: 'noopener noreferrer', target: '_blank' } as const;
