// /blog (src/components/blog/BlogListPage.astro): the hero, our BlogBrowser island fed
// with the first page of summaries, and the newsletter band.
import ArticleList from '../../../../src/islands/ArticleList';
import BlogBrowser from '../../../../src/islands/BlogBrowser';
import NewsletterForm from '../../../../src/islands/NewsletterForm';
import type { ArticleSummary } from '../../../../src/lib/blog/filter';
import { useJson, useTitle } from '../data';
import PageHero from './PageHero';

const DATA_BASE = '/blog/dados';

export default function BlogList() {
  useTitle('Blog | Operium');
  const firstPage = useJson<ArticleSummary[]>(`${DATA_BASE}/pagina-1.json`);
  const index = useJson<ArticleSummary[]>(`${DATA_BASE}/indice.json`);
  return (
    <>
      <PageHero
        title="Blog"
        subtitle="Tutoriais, artigos técnicos e casos de sucesso para quem projeta, integra e mantém máquinas com nossos controladores."
      />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {firstPage.state === 'ready' && index.state === 'ready' ? (
          <BlogBrowser page={1} total={index.data.length} pageSize={firstPage.data.length}>
            <ArticleList articles={firstPage.data} lcpFirst />
          </BlogBrowser>
        ) : (
          <p className="text-muted" aria-live="polite">
            {firstPage.state === 'failed' || index.state === 'failed'
              ? 'Não foi possível carregar os artigos.'
              : 'Carregando artigos...'}
          </p>
        )}
        <section aria-labelledby="newsletter-blog" className="mt-16 rounded-2xl bg-brand-700 p-8 text-white">
          <h2 id="newsletter-blog" className="text-2xl font-bold">
            Receba novos artigos por e-mail
          </h2>
          <p className="mt-2 mb-5 text-brand-100">Tutoriais e novidades técnicas, sem spam. Cancele quando quiser.</p>
          <div className="max-w-xl">
            <NewsletterForm buttonLabel="Inscrever-se" source="/blog" />
          </div>
        </section>
      </div>
    </>
  );
}
