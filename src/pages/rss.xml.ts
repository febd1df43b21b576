import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getSite } from '../lib/site-settings';
import { articleHref, getArticles } from '../lib/blog';
import { publicationMoment } from '../lib/article-dates';
import { formatRssDate } from '../lib/format';

/**
 * RSS 2.0 feed of the blog, newest first. Dates in Brasília's offset (the library's
 * pubDate would write GMT, where a post of 23:47 is the next day).
 */
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
      customData: `<pubDate>${formatRssDate(publicationMoment(article.data))}</pubDate>`,
      author: `${site.email} (${article.data.author})`,
      categories: [article.data.category, ...article.data.tags],
    })),
  });
};
