import type { APIRoute, GetStaticPaths } from 'astro';
import { PAGE_SIZE, getArticles, toSummary } from '../../../lib/blog';

/** Card data of page N, fetched by "Carregar mais artigos". */
export const getStaticPaths = (async () => {
  const articles = await getArticles();
  const pages = Math.ceil(articles.length / PAGE_SIZE);
  return Array.from({ length: pages }, (_, index) => ({ params: { n: String(index + 1) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const page = Number(params.n);
  const articles = await getArticles();
  const items = await Promise.all(articles.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(toSummary));
  return new Response(JSON.stringify(items), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
