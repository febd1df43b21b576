/**
 * The typed sections of a page (shared/page-sections.js) as the site reads them: a zod
 * schema built from the shared field kinds, so the collection (src/content.config.ts)
 * never writes the types a second time, and TypeScript views of each type's fields for
 * the components of src/components/sections/. The shared rules
 * (sectionProblems) decide what is valid; the schema only fills in absent fields.
 */
import { z } from 'astro/zod';
import { FIGURE_OPTIONS, SECTION_TYPES, sectionProblems, typedSectionsOf } from '../../../shared/page-sections.js';
import { site } from '../../config/site';

export type SectionType = keyof typeof SECTION_TYPES;
type FieldsOf<T extends SectionType> = (typeof SECTION_TYPES)[T]['fields'];

/** A field's value: a list holds items of text fields; `figures` is the one kind of choices; the rest are text. */
type ValueOf<Key, Field> = Field extends { fields: infer Item }
  ? { [K in keyof Item]: string }[]
  : Key extends 'figures'
    ? string[]
    : string;

/** A section of one type, every field present (absent text is empty). */
export type SectionOf<T extends SectionType> = {
  id: string;
  type: T;
  anchor?: string;
  column?: '' | 'left' | 'right';
} & { [K in keyof FieldsOf<T>]: ValueOf<K, FieldsOf<T>[K]> };

export type Section = { [T in SectionType]: SectionOf<T> }[SectionType];

interface Field {
  kind: string;
  fields?: Record<string, Field>;
}

/** One field's schema: lists and choices default to empty, every other kind to ''. */
function fieldSchema(field: Field): z.ZodType {
  if (field.kind === 'list')
    return z
      .array(z.object(Object.fromEntries(Object.entries(field.fields ?? {}).map(([key, item]) => [key, fieldSchema(item)]))))
      .default([]);
  if (field.kind === 'choices') return z.array(z.string()).default([]);
  return z.string().default('');
}

const sectionSchemas = Object.entries(SECTION_TYPES).map(([type, { fields }]) =>
  z.object({
    id: z.string(),
    type: z.literal(type),
    anchor: z.string().optional(),
    column: z.enum(['', 'left', 'right']).optional(),
    ...Object.fromEntries(Object.entries(fields as Record<string, Field>).map(([key, field]) => [key, fieldSchema(field)])),
  }),
);

/**
 * A page's sections: the list checked as stored by the shared rules (pt-BR problems,
 * unknown fields included), then each shaped by its type.
 */
export const sectionsSchema = z
  .unknown()
  .superRefine((sections, context) => {
    for (const problem of sectionProblems(sections)) context.addIssue({ code: 'custom', message: problem });
  })
  .pipe(
    z.array(z.discriminatedUnion('type', sectionSchemas as unknown as [z.ZodObject, ...z.ZodObject[]])),
  ) as unknown as z.ZodType<Section[]>;

/** Whether a section spans the window (its own background) rather than sitting in the content column. */
export function isFullBleed(section: Pick<Section, 'type'>): boolean {
  return Boolean((SECTION_TYPES[section.type] as { fullBleed?: boolean }).fullBleed);
}

/**
 * The attributes of a section's root element. With a title (the components show it as a
 * heading that carries the anchor), its name for assistive technology: the heading, or
 * the title's text when there is no anchor. Without one, no heading is there to carry the
 * anchor, nor to name the section: the root takes the anchor, so links to it still land,
 * and no aria-labelledby points at nothing.
 * @example sectionRoot({ anchor: 'valores' }, 'Valores') // { 'aria-labelledby': 'valores' }
 * @example sectionRoot({ anchor: 'nota' }, '') // { id: 'nota' }
 */
export function sectionRoot(section: { anchor?: string }, title: string) {
  if (!title) return section.anchor ? { id: section.anchor } : {};
  return section.anchor ? { 'aria-labelledby': section.anchor } : { 'aria-label': title };
}

/** A longtext field's paragraphs: one per line, blank lines dropped. */
export function paragraphsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The company's figures a section names (FIGURE_OPTIONS' values, src/config/site.ts's numbers), in the order given. */
export function figuresOf(keys: readonly string[]): { label: string; value: string }[] {
  return keys.flatMap((key) => {
    const option = FIGURE_OPTIONS.find((candidate) => candidate.value === key);
    return option ? [{ label: option.label, value: site.figures[key as keyof typeof site.figures] }] : [];
  });
}

/**
 * A page's sections as its `content` holds them (shared/page-sections.js typedSectionsOf):
 * a section of the shape the admin wrote before the typed sections, `{ heading, body }`,
 * reads as a text section of that title and body, its id from its position.
 * @example typedSections({ sections: [{ heading: 'Sobre', body: 'Texto.' }] }) // [{ id: 'secao1', type: 'text', title: 'Sobre', body: 'Texto.', style: 'plain' }]
 */
export function typedSections(content: unknown): Record<string, unknown>[] {
  return typedSectionsOf(content, (position) => `secao${position + 1}`);
}

/** Whether a page's sections open with its own h1 (a hero or a page header). */
export function hasOwnHeader(sections: readonly Pick<Section, 'type'>[]): boolean {
  return sections[0]?.type === 'hero' || sections[0]?.type === 'page_header';
}
