import type { APIRoute } from 'astro';
import { getGitArticles } from '../../../lib/blog/blog';

/**
 * The MDX articles in git, for the server: the hooks read this file from the live build
 * (pb_hooks/lib/posts/git-articles.js) instead of the repository, so they work wherever
 * the built site is, with no src/ beside them (the static Docker target has none).
 */
export const GET: APIRoute = async () => {
  const articles = await getGitArticles();
  return new Response(JSON.stringify(articles), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
