// /blog/:slug (src/pages/blog/[slug].astro): the article JSON holds the body our build
// compiled from the MDX file, as a headless CMS would serve it.
import { Link, useParams } from 'react-router-dom';
import { CATEGORY_BADGE } from '../../../../src/lib/blog/filter';
import { useJson, useTitle, type ArticleData, type RelatedArticle } from '../data';
import { Icon, Image } from '../markup';

function RelatedArticles({ related }: { related: RelatedArticle[] }) {
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="relacionados" className="mx-auto max-w-7xl px-4 pb-14 sm:px-6">
      <h2 id="relacionados" className="text-2xl font-bold text-ink">
        Artigos relacionados
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {related.map((item) => (
          <li key={item.slug} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <Image img={item.img} />
            <div className="p-4">
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${CATEGORY_BADGE[item.category]}`}>
                {item.category}
              </span>
              <h3 className="mt-2 font-semibold text-ink">
                <Link to={`/blog/${item.slug}`} className="hover:underline">
                  {item.title}
                </Link>
              </h3>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ArticleView({ article }: { article: ArticleData }) {
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          <Icon name="arrowRight" className="h-4 w-4 rotate-180" /> Voltar ao Blog
        </Link>
        <Image img={article.cover} />
        <div className="mt-6 flex flex-wrap items-center gap-3 text-sm">
          <span className={`rounded-full px-3 py-1 font-semibold ${CATEGORY_BADGE[article.category]}`}>{article.category}</span>
          <span className="text-muted">Por {article.author}</span>
          <time dateTime={article.date} className="text-muted">
            {article.dateText}
          </time>
          <span className="text-muted">{article.readingTime}</span>
        </div>
        <h1 className="mt-4 text-3xl font-extrabold text-balance text-ink sm:text-4xl">{article.title}</h1>
        {article.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
            {article.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-ink">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />

        <section aria-labelledby="gostou" className="mt-12 rounded-2xl bg-brand-50 p-6 text-center">
          <h2 id="gostou" className="text-xl font-bold text-ink">
            Gostou do artigo?
          </h2>
          <p className="mt-1 text-muted">Fale com nossa equipe ou conheça os controladores usados neste conteúdo.</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Link to="/contato" className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              Entre em Contato
            </Link>
            <Link
              to="/produtos"
              className="rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-white"
            >
              Ver Produtos
            </Link>
          </div>
        </section>
      </article>
      <RelatedArticles related={article.related} />
    </>
  );
}

export default function Article() {
  const { slug = '' } = useParams();
  const loaded = useJson<ArticleData>(`/data/artigos/${encodeURIComponent(slug)}.json`);
  useTitle(loaded.state === 'ready' ? `${loaded.data.title} | Operium` : 'Blog | Operium');
  if (loaded.state === 'ready') return <ArticleView article={loaded.data} />;
  return (
    <p className="mx-auto max-w-3xl px-4 py-10 text-muted sm:px-6" aria-live="polite">
      {loaded.state === 'failed' ? 'Artigo não encontrado.' : 'Carregando artigo...'}
    </p>
  );
}
