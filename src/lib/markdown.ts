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

/**
 * What a body's HTML depends on besides its Markdown: this renderer's code and the
 * packages it uses (the lockfile). The CMS loaders keep a stored post's HTML between
 * builds while its Markdown and this stay the same (src/lib/cms-loaders.ts).
 */
export const RENDERER_SOURCES: string = Object.values(
  import.meta.glob<string>(['./markdown.ts', './markdown-policy.ts', './rehype-article.ts', '../../package-lock.json'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).join('\n');

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
