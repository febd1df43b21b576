/**
 * The post editor's rules, kept apart from the screens so they can be tested:
 * status choices per permission, the 'scheduled' date check, tags as typed text,
 * and the body sent to PocketBase (only the fields staff edit; the server fills
 * author, author_name and the publication time itself).
 */
import { BLOG_CATEGORIES } from '../../lib/blog/filter';
import { AUTHOR_STATUSES, can, type Actor } from '../../lib/permissions';
import { slugify } from '../../../shared/slug.js';
import { POST_RULES, SCHEDULE_RULES, SLUG_PATTERN } from '../../lib/cms/content-rules';
import { parseBrasiliaDateTime } from '../../lib/dates';
import { formatDateTimeInput } from '../../lib/format';

const POST_STATUSES = ['draft', 'review', 'published', 'scheduled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Rascunho',
  review: 'Em revisão',
  published: 'Publicado',
  scheduled: 'Agendado',
};

const POST_CATEGORIES = BLOG_CATEGORIES;

/** The longest body a post may have (shared/content-rules.json): about 20,000 words. */
export const POST_CONTENT_MAX = POST_RULES.content.max;

/** The confirmation before deleting a post. */
export const POST_DELETE_CONFIRMATION = 'Tem certeza que deseja excluir este post?';

export interface Choice {
  id: string;
  name: string;
}

export const CATEGORY_CHOICES: Choice[] = POST_CATEGORIES.map((category) => ({ id: category, name: category }));

/**
 * The status options the actor may choose: without the publish permission, only
 * 'Rascunho' and 'Em revisão' (the server refuses anything else from an author).
 * @example statusChoices(author) // [{ id: 'draft', name: 'Rascunho' }, { id: 'review', name: 'Em revisão' }]
 */
export function statusChoices(actor: Actor | null): Choice[] {
  const statuses = can(actor, 'publish') ? POST_STATUSES : POST_STATUSES.filter((status) => AUTHOR_STATUSES.includes(status));
  return statuses.map((status) => ({ id: status, name: POST_STATUS_LABELS[status] }));
}

export function statusLabel(status: unknown): string {
  return POST_STATUS_LABELS[status as PostStatus] ?? String(status ?? '');
}

export const SLUG_MESSAGE = 'Use apenas letras minúsculas e números separados por hífens (ex.: meu-primeiro-post).';

/** react-admin validator: an empty slug is fine (the server derives one), anything else must match the pattern. */
export function validateSlug(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return SLUG_PATTERN.test(String(value)) ? undefined : SLUG_MESSAGE;
}

/**
 * Parses what the date input or PocketBase hands over: the input's '2030-01-02T10:00'
 * is Brasília time, whatever the browser's zone; PocketBase's '2030-01-02 13:00:00.000Z' is UTC.
 */
export function parseDateTime(value: unknown): Date | null {
  return parseBrasiliaDateTime(value);
}

/** The server's messages (pb_hooks/lib/content/workflow.js), from shared/content-rules.json. */
export const SCHEDULE_REQUIRED = SCHEDULE_RULES.required;
export const SCHEDULE_IN_PAST = SCHEDULE_RULES.past;

/**
 * A scheduled post or page needs a publication time in the future.
 * @example scheduleError('scheduled', '') // SCHEDULE_REQUIRED
 */
export function scheduleError(status: unknown, publishedAt: unknown, now = new Date()): string | undefined {
  if (status !== 'scheduled') return undefined;
  const date = parseDateTime(publishedAt);
  if (!date) return SCHEDULE_REQUIRED;
  return date.getTime() > now.getTime() ? undefined : SCHEDULE_IN_PAST;
}

/**
 * Tags as the user typed them ('esp32, automação') or as stored (an array):
 * trimmed, without empties or repeats, in the order given.
 * @example parseTags(' esp32, Automação ,esp32,, ') // ['esp32', 'Automação']
 */
export function parseTags(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') continue;
    const tag = item.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The tags input's text: stored arrays become 'a, b'; text being typed stays as it is. */
export function formatTags(value: unknown): string {
  if (Array.isArray(value)) return parseTags(value).join(', ');
  return typeof value === 'string' ? value : '';
}

/** What the cover input holds: the stored file name, a new upload ({ rawFile }), or nothing. */
function coverChange(cover: unknown): { cover?: unknown } {
  if (typeof cover === 'string') return {}; // the stored file, unchanged
  if (cover && typeof cover === 'object' && 'rawFile' in cover) return { cover };
  if (cover && typeof cover === 'object') return {}; // the stored file shown as a preview
  return { cover: null }; // removed
}

export interface PostFormValues {
  title?: string;
  slug?: string;
  excerpt?: string;
  content?: string;
  cover?: unknown;
  category?: string;
  tags?: unknown;
  status?: string;
  published_at?: unknown;
  /** The record's `updated` when the editor loaded it (edits only): the server refuses a stale save. */
  updated?: string;
  /** The editor's note when a post goes back to its author. */
  review_note?: string;
}

/**
 * The body for PocketBase's create/update from the form's values. Tags travel as
 * JSON text (PocketBase reads it as the array, in JSON and multipart bodies alike).
 * The publication time is sent only to schedule a post: the server stamps it on the
 * first publication and keeps it through unpublishing and publishing again
 * (pb_hooks/lib/posts/posts.js). An edit sends the `updated` value it was based on, so a
 * save never silently overwrites another.
 */
export function toPostBody(values: PostFormValues, options: { actor: Actor | null }): Record<string, unknown> {
  const wanted = values.status ?? 'draft';
  const status = can(options.actor, 'publish') || AUTHOR_STATUSES.includes(wanted) ? wanted : 'draft';
  const body: Record<string, unknown> = {
    title: (values.title ?? '').trim(),
    slug: (values.slug ?? '').trim(),
    excerpt: (values.excerpt ?? '').trim(),
    content: values.content ?? '',
    category: values.category,
    tags: JSON.stringify(parseTags(values.tags)),
    status,
    ...coverChange(values.cover),
    ...(values.updated ? { updated: values.updated } : {}),
  };
  const { review_note, ...schedule } = workflowBody(status, values);
  // The note is the editors' to write.
  return { ...body, ...(can(options.actor, 'publish') ? { review_note } : {}), ...schedule };
}

/**
 * The workflow's part of a post's or page's body: the review note (it goes once the
 * record is published or scheduled) and, to schedule it, the publication time.
 * @example workflowBody('published', { review_note: 'Revisar' }) // { review_note: '' }
 */
export function workflowBody(status: string, values: { review_note?: string; published_at?: unknown }) {
  const review_note = status === 'published' || status === 'scheduled' ? '' : (values.review_note ?? '').trim();
  if (status !== 'scheduled') return { review_note };
  return { review_note, published_at: parseDateTime(values.published_at)?.toISOString() ?? '' };
}

/**
 * Slug auto-fill: the slug follows its source (title or name) while it still holds
 * the last value filled in automatically; once the user edits it, it stays theirs.
 * Returns the new slug, or null when the slug no longer follows.
 * @example followSlug('', '', 'Olá Mundo') // 'ola-mundo'
 * @example followSlug('meu-slug', 'ola-mundo', 'Olá Mundo!') // null (edited by hand)
 */
export function followSlug(current: string, lastAuto: string | null, source: string): string | null {
  if (lastAuto === null || current !== lastAuto) return null;
  return slugify(source);
}

/**
 * A date as the date-time input shows it ('yyyy-MM-ddTHH:mm'), in Brasília time.
 * @example toDateTimeLocal(parseDateTime('2030-01-02 13:05:00.000Z')) // '2030-01-02T10:05'
 */
export function toDateTimeLocal(date: Date | null): string {
  return date ? formatDateTimeInput(date) : '';
}
