/**
 * The Markdown fields of a page's sections (kind `markdown` in shared/page-sections.js,
 * in a section or in the items of its lists) rendered by the site's Markdown pipeline,
 * for the admin's page preview (scripts/publish/endpoint.mjs). The site's build keeps
 * the fields as Markdown and hands the components the rendered HTML apart
 * (src/lib/cms/loaders.ts toPageEntry); a component never prints a field's own value
 * as HTML.
 */
import { SECTION_TYPES } from '../../../shared/page-sections.js';

type Fields = Record<string, { kind: string; fields?: Fields }>;
type Values = Record<string, unknown>;

async function renderFields(fields: Fields, values: Values, render: (markdown: string) => Promise<string>): Promise<Values> {
  const rendered: Values = { ...values };
  for (const [key, field] of Object.entries(fields)) {
    const value = values[key];
    if (field.kind === 'markdown' && typeof value === 'string') rendered[key] = await render(value);
    else if (field.kind === 'list' && field.fields && Array.isArray(value)) {
      const items = field.fields;
      rendered[key] = await Promise.all(
        value.map((item: unknown) => (item && typeof item === 'object' ? renderFields(items, item as Values, render) : item)),
      );
    }
  }
  return rendered;
}

/**
 * The sections with each Markdown field's value replaced by `render(value)`; other
 * fields, and sections of an unknown type, as they were.
 * @example await renderSectionMarkdown([{ id: 'abcd', type: 'text', body: '**Oi**' }], render) // [{ …, body: '<p><strong>Oi</strong></p>' }]
 */
export function renderSectionMarkdown<T extends { type: string }>(
  sections: readonly T[],
  render: (markdown: string) => Promise<string>,
): Promise<T[]> {
  const types = SECTION_TYPES as unknown as Record<string, { fields: Fields }>;
  return Promise.all(
    sections.map(async (section) => {
      const type = Object.hasOwn(types, section.type) ? types[section.type] : undefined;
      return type ? ((await renderFields(type.fields, section as unknown as Values, render)) as unknown as T) : section;
    }),
  );
}
