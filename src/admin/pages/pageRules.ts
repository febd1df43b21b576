/**
 * The page editor's rules: status labels, the meta-description counter (a
 * 160-character hint, shown but not enforced), the publish rule and the bodies sent
 * to PocketBase. The sections' own rules are shared/page-sections.js's
 * (src/admin/pages/sections/); the workflow (review note, scheduling) is the posts'
 * (src/admin/posts/postRules.ts).
 */
import { PAGE_RULES } from '../../lib/cms/content-rules';
import { workflowBody } from '../posts/postRules';

/** The posts' statuses, in their order, in the feminine of 'página'. Only editors and admins edit pages: all four are theirs. */
export const PAGE_STATUS_LABELS = {
  draft: 'Rascunho',
  review: 'Em revisão',
  published: 'Publicada',
  scheduled: 'Agendada',
} as const;
export type PageStatus = keyof typeof PAGE_STATUS_LABELS;

export const PAGE_STATUS_CHOICES = Object.entries(PAGE_STATUS_LABELS).map(([id, name]) => ({ id, name }));

export function pageStatusLabel(status: unknown): string {
  return PAGE_STATUS_LABELS[status as PageStatus] ?? String(status ?? '');
}

const isPageStatus = (status: unknown): status is PageStatus =>
  typeof status === 'string' && Object.prototype.hasOwnProperty.call(PAGE_STATUS_LABELS, status);

/** The confirmation before deleting a page. */
export const PAGE_DELETE_CONFIRMATION = 'Tem certeza que deseja excluir esta página?';

/** The advised length of a meta description: about what search results show. */
export const META_DESCRIPTION_HINT = 160;
/** What the server and the site accept (shared/content-rules.json). */
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
  meta_description?: string;
  status?: string;
  is_homepage?: boolean;
  content?: { sections?: unknown };
  /** The record's `updated` when the editor loaded it (edits only). */
  updated?: string;
  /** When a scheduled page goes live (the form's Brasília date-time, or PocketBase's UTC). */
  published_at?: unknown;
  /** For whoever reviews a page 'Em revisão': what to check. */
  review_note?: string;
}

/** The page's sections as the form holds them (`{ id, type, …fields }`, shared/page-sections.js); none when absent. */
export function sectionsOf(content: PageFormValues['content']): unknown[] {
  return Array.isArray(content?.sections) ? (content.sections as unknown[]) : [];
}

/** A slug a code route serves: a page kept there from before typed pages is not shown, so it may be empty. */
function isBuiltInSlug(slug: unknown): boolean {
  return PAGE_RULES.content.builtInSlugs.includes(text(slug));
}

/**
 * Why a page cannot be published (or scheduled) yet: it would show at its own address
 * with no section on it (the server's rule, pb_hooks/lib/content/content-rules.js). Null when it can.
 */
export function publishError(values: PageFormValues): string | null {
  const goesPublic = values.status === 'published' || values.status === 'scheduled';
  if (!goesPublic || values.is_homepage || isBuiltInSlug(values.slug)) return null;
  return sectionsOf(values.content).length ? null : PAGE_RULES.content.empty;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The body of a create or an edit: name, slug (empty: the server derives it from the
 * name), the SEO fields, the sections, the status with its review note and, to
 * schedule, the publication time; an edit sends the `updated` value it was based on
 * (the server refuses a stale save). The old slugs are the server's to keep
 * (pb_hooks/lib/pages/pages.js).
 */
export function toPageBody(values: PageFormValues) {
  const status = isPageStatus(values.status) ? values.status : 'draft';
  return {
    name: text(values.name),
    slug: text(values.slug),
    title: text(values.title),
    meta_description: text(values.meta_description),
    status,
    ...workflowBody(status, values),
    content: { sections: sectionsOf(values.content) },
    ...(values.updated ? { updated: values.updated } : {}),
  };
}
