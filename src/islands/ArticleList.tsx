import { CATEGORY_BADGE, type ArticleSummary } from '../lib/blog/filter';

/**
 * The blog's list of article cards. The page renders its own cards with it as
 * plain HTML (no hydration); the BlogBrowser island renders it again only when it
 * takes the list over, to filter or to add pages.
 */
export default function ArticleList({
  articles,
  lcpFirst,
  busy = false,
}: {
  articles: ArticleSummary[];
  /** The first card holds the page's largest image (page 1 of /blog). */
  lcpFirst: boolean;
  busy?: boolean;
}) {
  return (
    <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Artigos" aria-busy={busy}>
      {articles.map((article, position) => (
        <li key={article.slug}>
          <ArticleCard article={article} lcp={lcpFirst && position === 0} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The first card of /blog holds the page's largest image on phones (LCP): it alone
 * loads eagerly and first. The others are lazy, so on a slow link they do not take
 * bandwidth from it (on wide screens the lazy ones in view still load at once).
 */
function ArticleCard({ article, lcp }: { article: ArticleSummary; lcp: boolean }) {
  const href = `/blog/${article.slug}`;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={article.image.src}
        srcSet={article.image.srcset}
        sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw"
        width={article.image.width}
        height={article.image.height}
        alt={article.image.alt}
        loading={lcp ? 'eager' : 'lazy'}
        fetchPriority={lcp ? 'high' : undefined}
        decoding="async"
        className="aspect-[40/21] h-auto w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className={`rounded-full px-2.5 py-0.5 font-semibold ${CATEGORY_BADGE[article.category]}`}>
            {article.category}
          </span>
          <time dateTime={article.date} className="text-muted">
            {article.dateText}
          </time>
        </div>
        <h2 className="mt-3 text-lg font-bold text-ink">
          <a href={href} className="hover:underline">
            {article.title}
          </a>
        </h2>
        <p className="mt-2 flex-1 text-sm text-muted">{article.excerpt}</p>
        <div className="mt-4 flex items-center justify-between text-sm">
          <span className="text-muted">Por {article.author}</span>
          <a href={href} className="font-semibold text-brand-700 hover:underline">
            Ler mais<span className="sr-only">: {article.title}</span>
          </a>
        </div>
      </div>
    </article>
  );
}
