/** Query helpers for the blog: articles newest first, card summaries, related articles. */
import { getCollection, type CollectionEntry } from 'astro:content';
import { getImage } from 'astro:assets';
import type { ArticleSummary, BlogCategory } from './filter';
import { formatIsoDay, formatLongDate } from '../format';
import { declaredDates, newestFirst } from './article-dates';
import defaultCover from '../../assets/artwork/linha-s.png';
import { digest, sharedKey } from '../cms/page-keys';
import { readingMinutes } from './reading';
import { threadsOf } from '../cms/comments';
import { relatedArticles } from './related-articles';

export { relatedArticles };

export type Article = CollectionEntry<'blog'>;

/** Cards per page on /blog (and per "Carregar mais artigos"). */
export const PAGE_SIZE = 9;

export function articleHref(slug: string): string {
  return `/blog/${slug}`;
}

/** Every article, newest first, posts of one day by their time (unreadable dates, the epoch, come last). */
export async function getArticles(): Promise<Article[]> {
  const articles = await getCollection('blog');
  return articles.sort((a, b) => newestFirst(a.data, b.data));
}

/** A CMS post saved without a cover shows one drawn from its title (src/pages/blog/capas/[slug].svg.ts). */
export function hasGeneratedCover(article: Article): boolean {
  return article.data.source === 'cms' && !article.data.coverUrl;
}

/** The CMS posts that get a generated cover. */
export async function getGeneratedCoverArticles(): Promise<Article[]> {
  return (await getArticles()).filter(hasGeneratedCover);
}

export function generatedCoverHref(slug: string): string {
  return `/blog/capas/${slug}.svg`;
}

/**
 * The cover as a responsive image: Astro-optimised for MDX, PocketBase thumbnails for
 * CMS posts, the generated text cover for a CMS post without one (its alt text is
 * empty: the cover repeats the title printed beside it).
 */
export async function coverOf(article: Article, widths = [400, 800]): Promise<ArticleSummary['image']> {
  const { data } = article;
  if (hasGeneratedCover(article)) {
    const src = generatedCoverHref(article.id);
    return { src, srcset: `${src} 1200w`, width: 1200, height: 630, alt: '' };
  }
  if (data.coverUrl) {
    return {
      src: `${data.coverUrl}?thumb=640x360`,
      srcset: `${data.coverUrl}?thumb=640x360 640w, ${data.coverUrl}?thumb=1280x720 1280w`,
      width: 1280,
      height: 720,
      alt: data.imageAlt,
    };
  }
  const source = data.image ?? defaultCover;
  const image = await getImage({ src: source, widths: widths.filter((width) => width <= source.width), format: 'webp' });
  return { src: image.src, srcset: image.srcSet.attribute, width: source.width, height: source.height, alt: data.imageAlt };
}

export async function toSummary(article: Article): Promise<ArticleSummary> {
  const { data } = article;
  return {
    slug: article.id,
    title: data.title,
    excerpt: data.excerpt,
    tags: data.tags,
    category: data.category,
    author: data.author,
    date: formatIsoDay(data.date),
    dateText: formatLongDate(data.date),
    image: await coverOf(article),
  };
}

/**
 * What the server's hooks know of an MDX article in git (pb_hooks/lib/posts/git-articles.js):
 * the comments hook takes a comment only for an article the site shows, and the admin
 * lists these read-only beside the CMS posts. Public data: each field is on the article's page.
 */
export interface GitArticle {
  /** The slug, as the admin's list identifies a row. */
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  author: string;
  /** The publication day (YYYY-MM-DD). */
  date: string;
  /** The file in the repository, e.g. src/content/blog/funcao-map-no-arduino.mdx. */
  path: string;
  url: string;
}

/** The MDX articles in git (a CMS post has no file), newest first, for the build's manifest (src/pages/blog/dados/artigos-git.json.ts). */
export async function getGitArticles(): Promise<GitArticle[]> {
  return (await getArticles()).flatMap(({ id, filePath, data }) =>
    filePath
      ? [
          {
            id,
            slug: id,
            title: data.title,
            excerpt: data.excerpt,
            category: data.category,
            author: data.author,
            date: formatIsoDay(data.date),
            path: filePath,
            url: articleHref(id),
          },
        ]
      : [],
  );
}

/** The articles of list page `page` (1-based), PAGE_SIZE to a page. */
export function articlesOfPage(articles: Article[], page: number): Article[] {
  return articles.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
}

/** How many list pages the articles fill. */
export function pageCount(articles: Article[]): number {
  return Math.ceil(articles.length / PAGE_SIZE);
}

/** Everything an article's page shows besides the article itself, and the dates its JSON-LD declares. */
export async function getArticleContext(article: Article, all: Article[]) {
  const [cover, related] = await Promise.all([
    coverOf(article, [480, 960, 1280]),
    Promise.all(relatedArticles(article, all).map(toSummary)),
  ]);
  return {
    cover,
    related,
    minutes: readingMinutes(article.body ?? article.rendered?.html ?? ''),
    dates: declaredDates(article.data),
  };
}

/**
 * The digest of what a card shows of an article (src/lib/cms/page-keys.ts). Not its update
 * day, which only its own page shows: an edit on a later day leaves the cards alone.
 */
export function summaryKey(article: Article): string {
  return digest(article.id, { ...article.data, updated: undefined });
}

/**
 * The article pages' paths: each article with every article (for its related list),
 * keyed by the article, the cards of its related articles and what every page shares.
 */
export async function articlePaths() {
  const [articles, shared, comments] = await Promise.all([getArticles(), sharedKey(), getCollection('cmsComments')]);
  // A card's digest is asked for by each of its neighbours' pages: computed once.
  const summaries = new Map(articles.map((article) => [article, summaryKey(article)]));
  return articles.map((article) => {
    // Approved comments are part of the page: approving one renders its article again.
    const discussion = threadsOf(article.id, comments);
    return {
      params: { slug: article.id },
      props: { article, all: articles, discussion },
      cacheKey: digest(
        shared,
        summaries.get(article),
        article.data.updated,
        article.rendered?.html,
        relatedArticles(article, articles).map((related) => summaries.get(related)),
        discussion,
      ),
    };
  });
}
