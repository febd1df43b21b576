/**
 * CMS posts are Markdown written in the admin: rendered to HTML at build time and
 * sanitized by the policy of src/lib/markdown-policy.ts, so no script, event handler
 * or javascript: link reaches the site; then given the steps every article body gets
 * (src/lib/rehype-article.ts: new-tab external links, scrolling tables).
 */
import { marked } from 'marked';
import rehypeParse from 'rehype-parse';
import rehypeStringify from 'rehype-stringify';
import sanitizeHtml from 'sanitize-html';
import { unified } from 'unified';
import { rehypeArticle } from './rehype-article';
import { MARKDOWN_ATTRIBUTES, MARKDOWN_TAGS, MARKDOWN_URL_SCHEMES } from './markdown-policy';

/** The article steps every body gets (src/lib/rehype-article.ts), run on sanitized HTML. */
const articleSteps = unified().use(rehypeParse, { fragment: true }).use(rehypeArticle).use(rehypeStringify);

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true }) as string;
  return String(articleSteps.processSync(sanitize(html)));
}

function sanitize(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...MARKDOWN_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(MARKDOWN_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    allowedSchemes: [...MARKDOWN_URL_SCHEMES],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    transformTags: {
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    },
  });
}
