import type { APIRoute } from 'astro';
import { getArticles, toSummary } from '../../../lib/blog/blog';

/** The compact index of every article, loaded only when a visitor filters or searches. */
export const GET: APIRoute = async () => {
  const items = await Promise.all((await getArticles()).map(toSummary));
  return new Response(JSON.stringify(items), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
