/**
 * The Markdown fields of a page's sections (kind `markdown` in shared/page-sections.js),
 * gathered by section id and field. The site's loader renders them through the site's
 * pipeline when it loads a page (src/lib/cms/loaders.ts toPageEntry) and the admin's
 * page preview does the same (scripts/publish/endpoint.mjs), so both hand the section
 * components the same `html` map; a component never prints a field's own value as HTML.
 * Imports only shared/: the publisher's Node process loads this file as it is.
 */
import { SECTION_TYPES } from '../../../shared/page-sections.js';

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
