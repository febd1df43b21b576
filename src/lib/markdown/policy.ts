/**
 * What the body of a CMS post or page may contain once its Markdown is parsed: the
 * allow-list the sanitizing step of the site's one Markdown pipeline applies
 * (src/lib/markdown/sanitize.ts, with hast-util-sanitize). Whatever an editor types
 * or pastes, in the visual editor or its Markdown view, reaches the site through it.
 * Imported by plain Node too (the admin's preview renderer): erasable TypeScript only.
 */
import type { Schema } from 'hast-util-sanitize';

/** Elements kept; the contents of any other are kept as text, except {@link STRIPPED_TAGS}. */
export const MARKDOWN_TAGS = [
  'address', 'article', 'aside', 'footer', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hgroup', 'main', 'nav',
  'section', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'hr', 'li', 'menu', 'ol', 'p', 'pre',
  'ul', 'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'kbd', 'mark', 'q',
  'rb', 'rp', 'rt', 'rtc', 'ruby', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr',
  'caption', 'col', 'colgroup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'img', 'input',
] as const; // prettier-ignore

/** Elements dropped with everything inside them (their text is code or chrome, never prose). */
export const STRIPPED_TAGS = [
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'object', 'embed', 'svg', 'math', 'textarea',
  'select', 'option', 'button', 'title', 'head',
] as const; // prettier-ignore

/** Schemes allowed in `href`; relative addresses pass, protocol-relative ones (`//host`) do not. */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
/** Schemes allowed in an image's `src` (no `data:`). */
export const IMAGE_SCHEMES = ['http', 'https'] as const;

/** A table cell's alignment, as the parser writes GFM's `:--`, `:-:` and `--:`. */
const ALIGNMENT = /^text-align: (?:left|right|center)$/;

/**
 * Attributes kept, per element (hast property names); no element keeps any other: no
 * class, style, id, `on*` or `data-*`, but for the exact values the parser itself
 * writes for code languages, table alignment and GFM footnotes.
 */
export const MARKDOWN_SCHEMA: Schema = {
  tagNames: [...MARKDOWN_TAGS],
  strip: [...STRIPPED_TAGS],
  attributes: {
    a: [
      'href',
      'title',
      ['id', /^user-content-fnref-[\w-]+$/],
      ['dataFootnoteRef', ''],
      ['dataFootnoteBackref', ''],
      ['ariaDescribedBy', 'footnote-label'],
      ['ariaLabel', /^Voltar à referência [\w-]+$/],
      ['className', 'data-footnote-backref'],
    ],
    img: ['src', 'alt', 'title', 'width', 'height'],
    code: [['className', /^language-[\w+#.-]+$/]],
    th: [['style', ALIGNMENT]],
    td: [['style', ALIGNMENT]],
    section: [
      ['dataFootnotes', ''],
      ['className', 'footnotes'],
    ],
    h2: [
      ['id', 'footnote-label'],
      ['className', 'sr-only'],
    ],
    li: [
      ['id', /^user-content-fn-[\w-]+$/],
      ['className', 'task-list-item'],
    ],
    ul: [['className', 'contains-task-list']],
    // A list that goes on after a paragraph starts at its number (`3.`).
    ol: [
      ['className', 'contains-task-list'],
      ['start', /^\d+$/],
    ],
    // A task list's box; any other input is dropped (src/lib/markdown/sanitize.ts).
    input: [
      ['type', 'checkbox'],
      ['disabled', true],
      ['checked', true],
    ],
  },
  protocols: { href: [...LINK_SCHEMES], src: [...IMAGE_SCHEMES] },
  // Ids keep the prefix the parser gives footnotes; nothing else is renamed.
  clobber: [],
  clobberPrefix: '',
  allowComments: false,
  allowDoctypes: false,
  required: {},
};

/** A protocol-relative address (`//host/…`, or with backslashes, which browsers read the same). */
export function isProtocolRelative(url: string): boolean {
  return /^\s*[/\\]{2}/.test(url);
}

/** Links that leave the site open in a new tab, without access to this window. */
export function isExternalHref(href: string | null | undefined): boolean {
  return /^https?:\/\//i.test(href ?? '');
}

/** `rel` and `target` set on external links. */
export const EXTERNAL_LINK_ATTRIBUTES = { rel: 'noopener noreferrer', target: '_blank' } as const;
