import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getSite } from '../lib/site/site-settings';
import { articleHref, getArticles } from '../lib/blog/blog';
import { publicationMoment } from '../lib/blog/article-dates';
import { formatRssDate } from '../lib/format';

/**
 * RSS 2.0 feed of the blog, newest first. Dates in Brasília's offset (the library's
 * pubDate would write GMT, where a post of 23:47 is the next day). The feed names its
 * own address (`atom:link rel="self"`, as the RSS Advisory Board recommends), so a
 * reader that got it from a copy or a redirect knows where to come back.
 */
export const GET: APIRoute = async (context) => {
  const [articles, site] = await Promise.all([getArticles(), getSite()]);
  return rss({
    title: `Blog ${site.name}`,
    description: 'Tutoriais, artigos técnicos e casos de sucesso sobre controladores industriais, ESP32 e automação.',
    site: context.site!,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<language>pt-BR</language><atom:link href="${new URL(context.url.pathname, context.site)}" rel="self" type="application/rss+xml"/>`,
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
