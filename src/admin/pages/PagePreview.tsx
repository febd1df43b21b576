/**
 * The preview of a page as the site shows it at /{slug} (src/pages/[...page].astro), in
 * the site's frame (src/admin/common/SitePreview.tsx): the hero with the classes of
 * src/components/ui/PageHero.astro and the sections as one body rendered by the
 * site's Markdown pipeline (usePreview).
 */
import { pageMarkdown } from '../../lib/cms/page-sections';
import { PreviewBody, SitePreviewFrame } from '../common/SitePreview';
import { usePreview } from '../common/usePreview';
import { sectionsOf, type PageFormValues } from './pageRules';

function PageBody({ values }: { values: PageFormValues }) {
  const preview = usePreview(pageMarkdown(sectionsOf(values.content)));
  const name = (values.name ?? '').trim() || (values.title ?? '').trim() || 'Sem nome';
  const description = (values.meta_description ?? '').trim();
  return (
    <main data-page-preview>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
          <h1 className="mt-2 max-w-4xl text-3xl font-extrabold text-balance sm:text-4xl">{name}</h1>
          {description && <p className="mt-4 max-w-3xl text-lg text-brand-100">{description}</p>}
        </div>
      </section>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <PreviewBody preview={preview} />
      </article>
    </main>
  );
}

export function PagePreview({ values, height }: { values: PageFormValues; height?: number | string }) {
  return (
    <SitePreviewFrame title="Pré-visualização da página" height={height}>
      <PageBody values={values} />
    </SitePreviewFrame>
  );
}
