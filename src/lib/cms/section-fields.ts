/**
 * What a page's sections' fields need before the section components get them, by
 * section id then field: the Markdown fields (kind `markdown` in shared/page-sections.js)
 * rendered by the site's pipeline (the `html` map), and the Mídia images of the image
 * fields described with their size and thumbnails (the `images` map). The site's loader
 * (src/lib/cms/loaders.ts) and the admin's page preview (scripts/publish/endpoint.mjs)
 * both build them here, so the preview is the page; a component never prints a field's
 * own value as HTML. Imports with extensions only: the publisher's Node process loads
 * this file as it is.
 */
import { SECTION_TYPES, sectionImages } from '../../../shared/page-sections.js';
import { responsiveMediaImage, type MediaImageFacts, type ResponsiveMediaImage } from './media-images.ts';

type Fields = Record<string, { kind: string }>;

/** The Markdown fields of a section's type, by name. */
function markdownFields(type: unknown): string[] {
  const types = SECTION_TYPES as unknown as Record<string, { fields: Fields }>;
  const fields = typeof type === 'string' && Object.hasOwn(types, type) ? types[type]!.fields : {};
  return Object.keys(fields).filter((key) => fields[key]!.kind === 'markdown');
}

/**
 * The non-blank Markdown texts of the sections, by section id then field; sections of an
 * unknown type have none.
 * @example sectionMarkdown([{ id: 'abcd', type: 'text', body: '**Oi**' }]) // { abcd: { body: '**Oi**' } }
 */
export function sectionMarkdown(sections: readonly unknown[]): Record<string, Record<string, string>> {
  const found: Record<string, Record<string, string>> = {};
  for (const section of sections) {
    if (!section || typeof section !== 'object') continue;
    const values = section as Record<string, unknown>;
    for (const field of markdownFields(values.type)) {
      const text = values[field];
      if (typeof text === 'string' && text.trim()) (found[String(values.id)] ??= {})[field] = text;
    }
  }
  return found;
}

/**
 * sectionMarkdown's texts rendered by `render` (the site's pipeline).
 * @example await renderSectionHtml([{ id: 'abcd', type: 'text', body: '**Oi**' }], render) // { abcd: { body: '<p><strong>Oi</strong></p>' } }
 */
export async function renderSectionHtml(
  sections: readonly unknown[],
  render: (markdown: string) => Promise<string>,
): Promise<Record<string, Record<string, string>>> {
  const html: Record<string, Record<string, string>> = {};
  for (const [id, fields] of Object.entries(sectionMarkdown(sections))) {
    html[id] = {};
    for (const [field, text] of Object.entries(fields)) html[id][field] = await render(text);
  }
  return html;
}

/** A page's Mídia images, by section id then field path (`image`, `cards.0.image`). */
export type SectionImages = Record<string, Record<string, ResponsiveMediaImage>>;

/**
 * The images the sections' image fields show, each described by its record's facts as
 * `factsOf` finds them (null: no such record any more, left out, and the component shows
 * its default).
 * @param filesUrl where visitors fetch files: '' for the site's origin, or the public API's (PUBLIC_API_URL)
 * @example await sectionImageMap([{ id: 'topo1', type: 'hero', image: 'abc123def456ghi' }], read, '')
 * // { topo1: { image: { src: '/api/files/media/abc123def456ghi/placa.png', width: 1200, … } } }
 */
export async function sectionImageMap(
  sections: readonly unknown[],
  factsOf: (id: string) => Promise<MediaImageFacts | null> | MediaImageFacts | null,
  filesUrl: string,
): Promise<SectionImages> {
  const images: SectionImages = {};
  for (const image of sectionImages(sections)) {
    const facts = await factsOf(image.id);
    if (facts) (images[image.section] ??= {})[image.field] = responsiveMediaImage(facts, filesUrl);
  }
  return images;
}
