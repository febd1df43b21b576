/**
 * The site's one Markdown pipeline: Astro's `markdown` configuration, used by
 * astro.config.mjs for the MDX articles and the Markdown pages, by the CMS loaders
 * for posts and pages written in the admin, and by the admin's preview
 * (src/lib/markdown/render.ts). One processor (Sätteri, Astro's own) and one list of
 * steps, in order:
 * 1. sanitizing, on plain Markdown only (src/lib/markdown/sanitize.ts);
 * 2. code highlighting with the site's Shiki theme (src/lib/markdown/highlight.ts);
 * 3. the article steps: external links, scrolling tables, described images
 *    (src/lib/markdown/article.ts);
 * then Astro's own: image handling and heading ids.
 */
import { satteri } from '@astrojs/markdown-satteri';
import { articlePlugin } from '../lib/markdown/article.ts';
import { highlightPlugin, type ShikiConfig } from '../lib/markdown/highlight.ts';
import { sanitizePlugin } from '../lib/markdown/sanitize.ts';

/** Code samples in articles: a high-contrast theme keeps comments readable (WCAG AA). */
export const SHIKI_CONFIG: ShikiConfig = { theme: 'github-dark-high-contrast' } as ShikiConfig;

/** The pipeline's processor; each call has its own memory of highlighted blocks. */
export function createMarkdownProcessor() {
  return satteri({
    features: {
      // Raw HTML becomes elements, so the sanitizing step judges each one.
      rawHtml: true,
      // Astro reads a file's front matter before the pipeline; in a body, a leading
      // `---` is a rule (an editor's first line), never metadata to drop.
      frontmatter: false,
      gfm: { footnotes: { label: 'Notas', backLabel: 'Voltar à referência {reference}' } },
    },
    hastPlugins: [sanitizePlugin, highlightPlugin(SHIKI_CONFIG), articlePlugin],
  });
}

export const markdownConfig = {
  // Highlighting is step 2 of the processor's own list, after sanitizing.
  syntaxHighlight: false,
  shikiConfig: SHIKI_CONFIG,
  processor: createMarkdownProcessor(),
} as const;
