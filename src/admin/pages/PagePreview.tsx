/**
 * The preview of a page in the site's frame (src/admin/common/SitePreview.tsx): the
 * page's name and description in the hero's classes (src/components/ui/PageHero.astro),
 * then its sections in order: a `text` section's title and body rendered by the
 * site's Markdown pipeline (usePreview), any other section as its title only, until the
 * preview draws each type with the site's own components.
 */
import { PreviewBody, SitePreviewFrame } from '../common/SitePreview';
import { usePreview } from '../common/usePreview';
import { sectionsOf, type PageFormValues } from './pageRules';
import { sectionSummary, typeOf } from './sections/sectionEditing';

type SectionValue = { id?: unknown; type?: unknown; title?: unknown; body?: unknown };

function TextSection({ title, body }: { title: string; body: string }) {
  const preview = usePreview(body);
  return (
    <section className="mt-10 first:mt-0">
      {title && <h2 className="text-2xl font-bold text-ink">{title}</h2>}
      <PreviewBody preview={preview} className="mt-4" />
    </section>
  );
}

function PreviewSection({ section }: { section: SectionValue }) {
  const title = typeof section.title === 'string' ? section.title.trim() : '';
  if (section.type === 'text') return <TextSection title={title} body={typeof section.body === 'string' ? section.body : ''} />;
  const heading = sectionSummary(section) || typeOf(section)?.label;
  return heading ? (
    <section className="mt-10 first:mt-0">
      <h2 className="text-2xl font-bold text-ink">{heading}</h2>
    </section>
  ) : null;
}

function PageBody({ values }: { values: PageFormValues }) {
  const name = (values.name ?? '').trim() || (values.title ?? '').trim() || 'Sem nome';
  const description = (values.meta_description ?? '').trim();
  const sections = sectionsOf(values.content).filter(
    (section): section is SectionValue => Boolean(section) && typeof section === 'object',
  );
  return (
    <main data-page-preview>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
          <h1 className="mt-2 max-w-4xl text-3xl font-extrabold text-balance sm:text-4xl">{name}</h1>
          {description && <p className="mt-4 max-w-3xl text-lg text-brand-100">{description}</p>}
        </div>
      </section>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {sections.map((section, index) => (
          <PreviewSection key={typeof section.id === 'string' ? section.id : index} section={section} />
        ))}
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
