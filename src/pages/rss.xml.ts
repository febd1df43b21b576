import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getSite } from '../lib/site-settings';
import { articleHref, getArticles } from '../lib/blog';

/** RSS 2.0 feed of the blog, newest first. */
export const GET: APIRoute = async (context) => {
  const [articles, site] = await Promise.all([getArticles(), getSite()]);
  return rss({
    title: `Blog ${site.name}`,
    description: 'Tutoriais, artigos técnicos e casos de sucesso sobre controladores industriais, ESP32 e automação.',
    site: context.site!,
    customData: '<language>pt-BR</language>',
    trailingSlash: false,
    items: articles.map((article) => ({
      title: article.data.title,
      description: article.data.excerpt,
      link: articleHref(article.id),
      pubDate: article.data.date,
      author: `${site.email} (${article.data.author})`,
      categories: [article.data.category, ...article.data.tags],
    })),
  });
};
