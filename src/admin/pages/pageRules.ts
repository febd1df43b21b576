/**
 * The page editor's rules: status labels, the meta-description counter (the spec's
 * 160-character hint, shown but not enforced) and the bodies sent to PocketBase:
 * creation with an empty section list, editing of the SEO fields and status only.
 */
import { PAGE_RULES } from '../../lib/content-rules';

export const PAGE_STATUS_LABELS = { draft: 'Rascunho', published: 'Publicada' } as const;
export type PageStatus = keyof typeof PAGE_STATUS_LABELS;

export const PAGE_STATUS_CHOICES = Object.entries(PAGE_STATUS_LABELS).map(([id, name]) => ({ id, name }));

/** The spec's confirmation before deleting a page. */
export const PAGE_DELETE_CONFIRMATION = 'Tem certeza que deseja excluir esta página?';

/** The spec's advice for meta descriptions. */
export const META_DESCRIPTION_HINT = 160;
/** What the server and the site accept (pb_hooks/lib/content-rules.json). */
export const META_DESCRIPTION_MAX = PAGE_RULES.meta_description.max;

/**
 * The live counter under the meta description.
 * @example metaDescriptionCount('Controladores industriais') // { text: '25/160', over: false }
 */
export function metaDescriptionCount(value: unknown): { text: string; over: boolean } {
  const length = typeof value === 'string' ? [...value].length : 0;
  return { text: `${length}/${META_DESCRIPTION_HINT}`, over: length > META_DESCRIPTION_HINT };
}

export interface PageFormValues {
  name?: string;
  slug?: string;
  title?: string;
  meta_title?: string;
  meta_description?: string;
  status?: string;
  /** The record's `updated` when the editor loaded it (edits only). */
  updated?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A new page: the spec's fields and `content: { sections: [] }`. */
export function toPageCreateBody(values: PageFormValues) {
  return {
    name: text(values.name),
    slug: text(values.slug),
    title: text(values.title),
    meta_description: text(values.meta_description),
    status: values.status === 'published' ? 'published' : 'draft',
    content: { sections: [] },
  };
}

/**
 * Editing saves the SEO fields and the status only, with the `updated` value the edit
 * was based on (the server refuses a stale save).
 */
export function toPageUpdateBody(values: PageFormValues) {
  return {
    title: text(values.title),
    meta_title: text(values.meta_title),
    meta_description: text(values.meta_description),
    status: values.status === 'published' ? 'published' : 'draft',
    ...(values.updated ? { updated: values.updated } : {}),
  };
}
