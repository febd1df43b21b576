/**
 * CMS posts are Markdown written in the admin: rendered to HTML at build time and
 * sanitized by the policy of src/lib/markdown-policy.ts, so no script, event handler
 * or javascript: link reaches the site.
 */
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import {
  EXTERNAL_LINK_ATTRIBUTES,
  MARKDOWN_ATTRIBUTES,
  MARKDOWN_TAGS,
  MARKDOWN_URL_SCHEMES,
  isExternalHref,
} from './markdown-policy';

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true }) as string;
  return sanitizeHtml(html, {
    allowedTags: [...MARKDOWN_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(MARKDOWN_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    allowedSchemes: [...MARKDOWN_URL_SCHEMES],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: isExternalHref(attribs.href) ? { ...attribs, ...EXTERNAL_LINK_ATTRIBUTES } : attribs,
      }),
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    },
  });
}
