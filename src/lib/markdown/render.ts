/**
 * Rendering a CMS body (a post, a page's sections, the admin's preview) with the
 * site's Markdown pipeline (src/config/markdown.ts): the renderer is the one
 * Astro makes from its `markdown` configuration, built here the same way Astro's
 * content layer builds it for `renderMarkdown`, but without reading front matter
 * (a body that opens with a `---` rule is text, not metadata) and with the media
 * library's images described (src/lib/markdown/article.ts).
 */
import { IMAGES_KEY, type ArticleImage } from './article.ts';
import { markdownConfig } from '../../config/markdown.ts';
import { normalizeLineEndings } from '../../../shared/line-endings.js';

type Processor = typeof markdownConfig.processor;
export type MarkdownRenderer = Awaited<ReturnType<Processor['createRenderer']>>;

/** The part of Astro's `markdown` configuration a renderer is made from. */
export interface MarkdownSettings {
  processor: Pick<Processor, 'createRenderer'>;
  syntaxHighlight?: Parameters<Processor['createRenderer']>[0]['syntaxHighlight'];
  shikiConfig?: Parameters<Processor['createRenderer']>[0]['shikiConfig'];
  gfm?: Parameters<Processor['createRenderer']>[0]['gfm'];
  smartypants?: Parameters<Processor['createRenderer']>[0]['smartypants'];
}

/**
 * The renderer for a `markdown` configuration: Astro's resolved one in a loader
 * (`context.config.markdown`), the site's own elsewhere; omitted options take
 * Astro's defaults in both.
 */
export function createArticleRenderer(markdown: MarkdownSettings = markdownConfig): Promise<MarkdownRenderer> {
  const { processor, syntaxHighlight, shikiConfig, gfm, smartypants } = markdown;
  return processor.createRenderer({ syntaxHighlight, shikiConfig, gfm, smartypants });
}

export interface RenderedArticle {
  html: string;
  headings: { depth: number; slug: string; text: string }[];
}

/**
 * A body's HTML and headings.
 * @param images the media library's images the body shows, by the address it gives them
 */
export async function renderArticle(
  renderer: MarkdownRenderer,
  markdown: string,
  images: Record<string, ArticleImage> = {},
): Promise<RenderedArticle> {
  const { code, metadata } = await renderer.render(normalizeLineEndings(markdown), {
    frontmatter: { [IMAGES_KEY]: images },
  });
  // Without the parser's last newline, as an MDX article's body ends.
  return { html: code.trimEnd(), headings: metadata.headings };
}
