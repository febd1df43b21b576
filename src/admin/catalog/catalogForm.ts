/**
 * A catalogue record as the admin's form holds it, and back: the lists of texts
 * (specifications, features, applications) become rows of `{ text }`, which react-admin's
 * list of inputs can add, remove and move up or down (by mouse or keyboard); a save sends
 * them back as the texts the server and the site read (shared/catalog.js). The form's check
 * is the server's own rule, so the editor reads the server's pt-BR sentence before saving.
 */
import { CATALOG, catalogProblems } from '../../../shared/catalog.js';
import { MEDIA_ID_PATTERN } from '../../../shared/page-sections.js';
import { SITE_ASSET_PATH_PATTERN } from '../../../shared/site-assets.js';
import rules from '../../../shared/content-rules.json';
import { parseDateTime, scheduleError } from '../posts/postRules';

export type CatalogKind = keyof typeof CATALOG;

/** The admin's route name of each collection (src/admin/resources.ts). */
export const CATALOG_RESOURCES = {
  products: 'products',
  product_lines: 'lines',
  datasheets: 'datasheets',
  software: 'software',
} as const;

export type CatalogResource = (typeof CATALOG_RESOURCES)[CatalogKind];

/** The collection behind a route name. */
export const kindOf = (resource: CatalogResource): CatalogKind =>
  (Object.keys(CATALOG_RESOURCES) as CatalogKind[]).find((kind) => CATALOG_RESOURCES[kind] === resource)!;

interface FieldDef {
  kind: string;
  label: string;
  required?: boolean;
  max?: number;
  min?: number;
  itemLabel?: string;
  itemMax?: number;
  to?: string;
  options?: { value: string; label: string }[];
}

/** A collection's fields, in the order the form shows them. */
export const fieldsOf = (kind: CatalogKind) => Object.entries(CATALOG[kind].fields as Record<string, FieldDef>);

const listFields = (kind: CatalogKind) =>
  fieldsOf(kind)
    .filter(([, field]) => field.kind === 'list')
    .map(([name]) => name);

/**
 * The record as the form edits it: each list of texts as rows of `{ text }`.
 * @example toForm('products', { specs: ['24 Vdc'] }) // { specs: [{ text: '24 Vdc' }] }
 */
export function toForm(kind: CatalogKind, record: Record<string, unknown>): Record<string, unknown> {
  const form: Record<string, unknown> = { ...record };
  for (const name of listFields(kind)) {
    const value = record[name];
    form[name] = (Array.isArray(value) ? value : []).map((text) => ({ text: String(text ?? '') }));
  }
  return form;
}

/**
 * What a save sends: the lists as texts again, empty rows left out (an editor who added a
 * row and wrote nothing did not mean a blank line on the site).
 * @example toBody('products', { specs: [{ text: '24 Vdc' }, { text: ' ' }] }) // { specs: ['24 Vdc'] }
 */
export function toBody(kind: CatalogKind, values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...values };
  for (const name of listFields(kind)) {
    const rows = Array.isArray(values[name]) ? (values[name] as unknown[]) : [];
    body[name] = rows
      .map((row) =>
        row && typeof row === 'object' && 'text' in row ? String((row as { text: unknown }).text ?? '') : String(row ?? ''),
      )
      .filter((text) => text.trim() !== '');
  }
  if (kind === 'products' && Array.isArray(values.images)) {
    body.images = (values.images as Record<string, unknown>[]).map((image) => {
      const kept: Record<string, unknown> = { alt: String(image?.alt ?? '') };
      if (typeof image?.image === 'string' && image.image) kept.image = image.image;
      // A site file stays only while no Mídia image replaces it.
      else if (typeof image?.builtin === 'string' && image.builtin) kept.builtin = image.builtin;
      return kept;
    });
  }
  if (kind === 'products') {
    // The time of 'Agendado', typed in Brasília time (src/admin/posts/ScheduleInput.tsx); the old addresses are the server's.
    if (values.status === 'scheduled') body.published_at = parseDateTime(values.published_at)?.toISOString() ?? '';
    else delete body.published_at;
    delete body.old_slugs;
  }
  if (kind === 'product_lines') {
    // A Mídia image replaces the site's own picture; otherwise the picture is sent back as it is.
    if (typeof values.image === 'string' && values.image.trim()) body.builtin_image = '';
    else delete body.builtin_image;
  }
  return body;
}

/** The form's errors, in pt-BR: the sentences the server would answer (pb_hooks/lib/catalog/catalog.js). */
export function validateCatalog(kind: CatalogKind, values: Record<string, unknown>): Record<string, string> {
  const body = toBody(kind, values);
  if (kind === 'product_lines' && !('builtin_image' in body)) body.builtin_image = values.builtin_image;
  const problems = catalogProblems(kind, body, {
    recordId: MEDIA_ID_PATTERN,
    asset: SITE_ASSET_PATH_PATTERN,
    slug: rules.slugPattern,
  });
  // 'Agendado' asks when, as the server does (a form-level check replaces the inputs' own).
  const schedule = kind === 'products' ? scheduleError(values.status, values.published_at) : undefined;
  return schedule ? { ...problems, published_at: schedule } : problems;
}
