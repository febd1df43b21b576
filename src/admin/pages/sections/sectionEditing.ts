/**
 * The section editor's pure rules: the schema of shared/page-sections.js typed for the
 * admin, new section ids, where a dragged section lands, what a card's header says,
 * and which of sectionProblems()' sentences belongs to which input.
 *
 * sectionProblems() answers sentences, not paths: each starts with where it is,
 * `Seção 2 (Grade de cartões): ` then, inside a list, `Cartão 1: `, then the field's
 * label and ': '. The form places a sentence at the input whose start it has (the
 * label is unique in its type), and lists the others above the sections.
 */
import {
  COLUMN_OPTIONS,
  SECTION_ID_PATTERN,
  SECTION_TYPES,
  SECTION_TYPE_NAMES,
  sectionProblems,
} from '../../../../shared/page-sections.js';

export type FieldKind = 'text' | 'longtext' | 'markdown' | 'link' | 'image' | 'select' | 'choices' | 'list';

export interface FieldOption {
  value: string;
  label: string;
}

/** One field of a section type, as shared/page-sections.js declares it. */
export interface FieldSpec {
  kind: FieldKind;
  label: string;
  required?: boolean;
  /** Characters for texts; items for lists and choices. */
  max?: number;
  min?: number;
  options?: FieldOption[];
  /** A list's item, as its problems and buttons name it ('Cartão'). */
  itemLabel?: string;
  fields?: Record<string, FieldSpec>;
}

export interface SectionTypeSpec {
  label: string;
  hint: string;
  fullBleed?: boolean;
  fields: Record<string, FieldSpec>;
}

/** SECTION_TYPES with the types TypeScript cannot infer from plain JavaScript. */
export const SECTION_TYPE_SPECS = SECTION_TYPES as unknown as Record<string, SectionTypeSpec>;

/** A section type's name ('hero', 'cards', …). */
export type SectionTypeName = (typeof SECTION_TYPE_NAMES)[number];

export type SectionValue = Record<string, unknown> & { id?: unknown; type?: unknown };

/** The type of a section, when it is one of SECTION_TYPES. */
export function typeOf(section: unknown): SectionTypeSpec | undefined {
  const type = (section as SectionValue | null)?.type;
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(SECTION_TYPE_SPECS, type)
    ? SECTION_TYPE_SPECS[type]
    : undefined;
}

/**
 * The labels sectionProblems() gives the fields every section has.
 * (The section's `id` and `type` are the editor's: they have no input.)
 */
export const COMMON_FIELD_LABELS = { anchor: 'Âncora', column: 'Posição' } as const;

const ID_LENGTH = 10;

/**
 * A new section id: random lowercase base36, as SECTION_ID_PATTERN asks, none of `taken`.
 * @example newSectionId(['abc123def0']) // 'k3v9q0zt1m'
 */
export function newSectionId(taken: Iterable<unknown> = [], random: () => number = Math.random): string {
  const used = new Set(taken);
  const pattern = new RegExp(SECTION_ID_PATTERN);
  for (;;) {
    let id = '';
    while (id.length < ID_LENGTH) id += Math.floor(random() * 36).toString(36);
    if (pattern.test(id) && !used.has(id)) return id;
  }
}

/**
 * Where a section dragged from `from` lands when dropped on the section at `over`,
 * before it or (`after`) after it: its index once it has left its place.
 * @example dropIndex(0, 2, true) // 2: the first of three goes last
 */
export function dropIndex(from: number, over: number, after: boolean): number {
  const before = after ? over + 1 : over;
  return from < before ? before - 1 : before;
}

/** What a screen reader hears after a move. @example movedAnnouncement(2, 7) // 'Seção movida para a posição 3 de 7' */
export function movedAnnouncement(to: number, total: number): string {
  return `Seção movida para a posição ${to + 1} de ${total}`;
}

const SUMMARY_MAX = 120;

function firstLine(value: unknown): string {
  if (typeof value !== 'string') return '';
  const line = value
    .split('\n')
    .map((part) => part.replace(/^[#>*\-\s]+/, '').trim())
    .find(Boolean);
  return (line ?? '').slice(0, SUMMARY_MAX);
}

function summaryOf(fields: Record<string, FieldSpec>, value: Record<string, unknown>): string {
  if (fields.title) {
    const title = firstLine(value.title);
    if (title) return title;
  }
  for (const [key, field] of Object.entries(fields)) {
    if (field.kind === 'text' || field.kind === 'longtext' || field.kind === 'markdown') {
      const text = firstLine(value[key]);
      if (text) return text;
    }
    if (field.kind === 'list' && field.fields && Array.isArray(value[key])) {
      const first = (value[key] as unknown[]).find((entry) => entry && typeof entry === 'object');
      const text = first ? summaryOf(field.fields, first as Record<string, unknown>) : '';
      if (text) return text;
    }
  }
  return '';
}

/**
 * A card's one-line summary: the section's title, else its first text (lists included).
 * @example sectionSummary({ type: 'boxes', items: [{ title: 'Missão', text: '…' }] }) // 'Missão'
 */
export function sectionSummary(section: unknown): string {
  const type = typeOf(section);
  return type ? summaryOf(type.fields, section as Record<string, unknown>) : '';
}

/** An input's place in the sections, read from its form path (`content.sections.2.items.0.title`). */
export interface FieldPath {
  section: number;
  key: string;
  /** The list field and the item's index, for a field of a list's item. */
  list?: string;
  item?: number;
}

export function parseFieldPath(source: string): FieldPath | null {
  const match = /(?:^|\.)sections\.(\d+)\.(?:(\w+)\.(\d+)\.)?(\w+)$/.exec(source);
  if (!match) return null;
  const [, section, list, item, key] = match;
  return {
    section: Number(section),
    key: key!,
    ...(list !== undefined ? { list, item: Number(item) } : {}),
  };
}

const sectionWhere = (index: number, type: SectionTypeSpec) => `Seção ${index + 1} (${type.label}): `;

/** How sectionProblems() starts the sentences about the field at `path`; null for no such field. */
export function fieldPrefix(sections: readonly unknown[], path: FieldPath): string | null {
  const type = typeOf(sections[path.section]);
  if (!type) return null;
  let where = sectionWhere(path.section, type);
  let fields = type.fields;
  if (path.list !== undefined) {
    const list = type.fields[path.list];
    if (list?.kind !== 'list' || !list.fields) return null;
    where += `${list.itemLabel} ${(path.item ?? 0) + 1}: `;
    fields = list.fields;
  } else if (path.key in COMMON_FIELD_LABELS) {
    return `${where}${COMMON_FIELD_LABELS[path.key as keyof typeof COMMON_FIELD_LABELS]}: `;
  }
  const field = fields[path.key];
  return field ? `${where}${field.label}: ` : null;
}

/**
 * The sentences that start with `prefix`, without it and capitalized, as an input
 * shows them under itself.
 * @example problemsAt(['Seção 1 (Mapa): Título: preencha este campo.'], 'Seção 1 (Mapa): Título: ') // ['Preencha este campo.']
 */
export function problemsAt(problems: readonly string[], prefix: string): string[] {
  return problems
    .filter((problem) => problem.startsWith(prefix))
    .map((problem) => problem.slice(prefix.length))
    .map((rest) => rest.charAt(0).toUpperCase() + rest.slice(1));
}

/** Every prefix an input of these sections shows (its own field's, a list's count included). */
function placedPrefixes(sections: readonly unknown[]): string[] {
  const prefixes: string[] = [];
  sections.forEach((section, index) => {
    const type = typeOf(section);
    if (!type) return;
    for (const key of [...Object.keys(COMMON_FIELD_LABELS), ...Object.keys(type.fields)]) {
      prefixes.push(fieldPrefix(sections, { section: index, key })!);
      const field = type.fields[key];
      const items = (section as Record<string, unknown>)[key];
      if (field?.kind !== 'list' || !field.fields || !Array.isArray(items)) continue;
      items.forEach((_, item) => {
        for (const itemKey of Object.keys(field.fields!))
          prefixes.push(fieldPrefix(sections, { section: index, key: itemKey, list: key, item })!);
      });
    }
  });
  return prefixes;
}

/** The sentences no input shows (an unknown type or field, a repeated id, too many sections): the list above the sections. */
export function unplacedProblems(problems: readonly string[], sections: readonly unknown[]): string[] {
  const prefixes = placedPrefixes(sections);
  return problems.filter((problem) => !prefixes.some((prefix) => problem.startsWith(prefix)));
}

/** The sections of the form's values (`content.sections`), or none. */
export function formSections(values: unknown): unknown[] {
  const sections = (values as { content?: { sections?: unknown } } | null)?.content?.sections;
  return Array.isArray(sections) ? sections : [];
}

/**
 * A react-admin validator for one input of the sections: the sentences of
 * sectionProblems() about its field (found by the input's form path, which react-admin
 * passes as `finalSource`), so the form refuses what the server refuses, at the field.
 * `required` only marks the label, as react-admin's required() does.
 */
export function sectionFieldValidator(required = false) {
  const validate = (_value: unknown, values: unknown, props?: { finalSource?: string }) => {
    const path = parseFieldPath(props?.finalSource ?? '');
    const sections = formSections(values);
    const prefix = path ? fieldPrefix(sections, path) : null;
    if (!prefix) return undefined;
    const found = problemsAt(sectionProblems(sections), prefix);
    return found.length ? found.join(' ') : undefined;
  };
  return Object.assign(validate, { isRequired: required });
}

function fieldsText(fields: Record<string, FieldSpec>, value: Record<string, unknown>, level: number): string[] {
  const parts: string[] = [];
  for (const [key, field] of Object.entries(fields)) {
    const entry = value[key];
    if (field.kind === 'list') {
      (Array.isArray(entry) ? entry : []).forEach((item, index) => {
        parts.push(`${'#'.repeat(level + 1)} ${field.itemLabel} ${index + 1}`);
        if (item && typeof item === 'object')
          parts.push(...fieldsText(field.fields ?? {}, item as Record<string, unknown>, level + 1));
      });
      continue;
    }
    const labelOf = (choice: unknown) => field.options?.find((option) => option.value === choice)?.label ?? String(choice);
    const shown =
      field.kind === 'choices'
        ? (Array.isArray(entry) ? entry : []).map(labelOf).join(', ')
        : field.kind === 'select' && entry
          ? labelOf(entry)
          : typeof entry === 'string'
            ? entry
            : '';
    if (!shown.trim()) continue;
    parts.push(field.kind === 'longtext' || field.kind === 'markdown' ? `${field.label}:\n${shown}` : `${field.label}: ${shown}`);
  }
  return parts;
}

/**
 * A page's sections as the text an editor reads when comparing versions
 * (src/admin/revisions/versionFields.ts): each section's type as a heading, then its
 * filled fields by label (options by their labels), a list's items under their own headings.
 * @example sectionsText([{ type: 'map', title: 'Onde estamos' }]) // '## Mapa\n\nTítulo: Onde estamos'
 */
export function sectionsText(sections: readonly unknown[]): string {
  return sections
    .map((section) => {
      const value = (section && typeof section === 'object' ? section : {}) as Record<string, unknown>;
      const type = typeOf(value);
      const common: Record<string, FieldSpec> = {
        anchor: { kind: 'text', label: COMMON_FIELD_LABELS.anchor },
        column: { kind: 'select', label: COMMON_FIELD_LABELS.column, options: COLUMN_OPTIONS },
      };
      return [`## ${type?.label ?? String(value.type)}`, ...fieldsText({ ...(type?.fields ?? {}), ...common }, value, 2)].join(
        '\n\n',
      );
    })
    .join('\n\n');
}
