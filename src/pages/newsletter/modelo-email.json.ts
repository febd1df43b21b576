import type { APIRoute } from 'astro';
import { getSite } from '../../lib/site/site-settings';
import { newsletterTemplate } from '../../lib/blog/newsletter-email';

/**
 * The newsletter e-mail's template, built with the site so it carries the same identity
 * and settings; the server fills it when an editor sends a post (pb_hooks/lib/newsletter/send.js).
 */
export const GET: APIRoute = async () => {
  const template = newsletterTemplate(await getSite());
  return new Response(JSON.stringify(template), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
