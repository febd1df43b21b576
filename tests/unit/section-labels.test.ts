/**
 * Every section type rendered by the site's own components (the renderer of the admin's
 * preview, scripts/publish/site-components.mjs), each with an anchor, and with no title
 * where its title may be left empty: the anchor is an element's id (a link to
 * /pagina#ancora lands), and every aria-labelledby names an element that is there (axe's
 * aria-valid-attr-value on the built pages).
 */
import { afterAll, describe, expect, test } from 'vitest';
import { SECTION_TYPES, SECTION_TYPE_NAMES, emptySection, sectionProblems } from '../../shared/page-sections.js';
import { renderPagePreview } from '../../scripts/publish/endpoint.mjs';
import { siteComponentRenderer } from '../../scripts/publish/site-components.mjs';

interface Field {
  kind: string;
  label: string;
  required?: boolean;
  min?: number;
  options?: { value: string }[];
  fields?: Record<string, Field>;
}

/** Values for a section's fields that the shared rules accept: every text filled, lists and choices at their minimum. */
function filled(fields: Record<string, Field>, values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const [key, field] of Object.entries(fields)) {
    if (field.kind === 'list')
      out[key] = Array.from({ length: Math.max(field.min ?? 0, 1) }, () => filled(field.fields ?? {}, {}));
    else if (field.kind === 'choices') out[key] = (field.options ?? []).slice(0, Math.max(field.min ?? 0, 1)).map((o) => o.value);
    else if (field.kind === 'select') out[key] = field.options?.[0]?.value ?? '';
    else if (field.kind === 'link') out[key] = '/contato';
    else if (field.kind === 'image') out[key] = '';
    else out[key] = `${field.label} de teste`;
  }
  return out;
}

const sections: Record<string, unknown>[] = [];
for (const type of SECTION_TYPE_NAMES) {
  const fields = SECTION_TYPES[type].fields as Record<string, Field>;
  const anchor = `ancora-${type.replace(/_/g, '-')}`;
  sections.push({ ...filled(fields, emptySection(type, `${type.replace(/_/g, '')}1`)), anchor });
  // A title left empty shows no heading to carry the anchor or name the section.
  if (fields.title && !fields.title.required)
    sections.push({
      ...filled(fields, emptySection(type, `${type.replace(/_/g, '')}2`)),
      title: '',
      anchor: `${anchor}-sem-titulo`,
    });
}

const components = siteComponentRenderer();
afterAll(() => components.close());

describe('section anchors and labels', () => {
  test('every section type with an anchor, titled or not: the anchor is an id, every aria-labelledby finds its element', async () => {
    expect(sectionProblems(sections)).toEqual([]);
    expect(sections.filter((section) => section.title === '').map((section) => section.type)).toEqual(['text', 'testimonials']);
    const { html } = await renderPagePreview({ name: 'Teste', description: '', sections }, [], { components });
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
    const missingAnchors = sections.map((section) => String(section.anchor)).filter((anchor) => !ids.has(anchor));
    expect(missingAnchors, 'âncoras sem elemento').toEqual([]);
    const labelledBy = [...html.matchAll(/\saria-labelledby="([^"]+)"/g)].flatMap((match) => match[1]!.split(/\s+/));
    expect(labelledBy.length).toBeGreaterThan(10);
    expect(
      labelledBy.filter((id) => !ids.has(id)),
      'aria-labelledby sem elemento',
    ).toEqual([]);
  }, 120_000);
});
