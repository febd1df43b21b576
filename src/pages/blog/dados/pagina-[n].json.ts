import type { APIRoute, GetStaticPaths } from 'astro';
import { articlesOfPage, getArticles, pageCount, summaryKey, toSummary } from '../../../lib/blog/blog';
import { digest } from '../../../lib/cms/page-keys';

/** Card data of page N, fetched by "Carregar mais artigos". */
export const getStaticPaths = (async () => {
  const articles = await getArticles();
  return Array.from({ length: pageCount(articles) }, (_, index) => ({
    params: { n: String(index + 1) },
    cacheKey: digest(articlesOfPage(articles, index + 1).map(summaryKey)),
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const page = Number(params.n);
  const articles = await getArticles();
  const items = await Promise.all(articlesOfPage(articles, page).map(toSummary));
  return new Response(JSON.stringify(items), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
