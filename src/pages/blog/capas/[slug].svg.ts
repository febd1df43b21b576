import type { APIRoute, GetStaticPaths } from 'astro';
import { digest } from '../../../lib/cms/page-keys';
import { getGeneratedCoverArticles, type Article } from '../../../lib/blog/blog';
import { textCoverSvg } from '../../../lib/blog/text-cover.mjs';

/** The generated cover of each CMS post saved without one (git articles have theirs as files). */
export const getStaticPaths = (async () => {
  const articles = await getGeneratedCoverArticles();
  return articles.map((article) => ({
    params: { slug: article.id },
    props: { article },
    cacheKey: digest(article.data.title, article.data.category),
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ article: Article }> = ({ props }) =>
  new Response(textCoverSvg(props.article.data), { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
