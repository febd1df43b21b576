/**
 * What a version of a post or page holds, for comparing and restoring: the texts
 * compared word by word, and the fields a restore brings back (the content, never
 * the workflow: status, dates and author stay as they are; nor the cover file, which
 * is replaced, not kept, when a new one is uploaded).
 */
import { sectionsText } from '../pages/sections/sectionEditing';

export type VersionedResource = 'posts' | 'pages';

export interface ComparedField {
  name: string;
  label: string;
  /** The field's value as text. */
  text: (data: Record<string, unknown>) => string;
}

/** Versions saved before the server normalized line endings hold "\r\n": compared as "\n". */
const text = (value: unknown) => String(value ?? '').replace(/\r\n?/g, '\n');

const plain = (name: string) => (data: Record<string, unknown>) => text(data[name]);

/** A page's typed sections as the text an editor reads (src/admin/pages/sections/sectionEditing.ts). */
function pageSectionsText(data: Record<string, unknown>): string {
  const content = data.content as { sections?: unknown } | null | undefined;
  return text(sectionsText(Array.isArray(content?.sections) ? content.sections : []));
}

export const COMPARED: Record<VersionedResource, ComparedField[]> = {
  posts: [
    { name: 'title', label: 'Título', text: plain('title') },
    { name: 'excerpt', label: 'Resumo', text: plain('excerpt') },
    { name: 'content', label: 'Conteúdo', text: plain('content') },
  ],
  pages: [
    { name: 'name', label: 'Nome', text: plain('name') },
    { name: 'title', label: 'Título SEO', text: plain('title') },
    { name: 'meta_description', label: 'Meta descrição', text: plain('meta_description') },
    { name: 'content', label: 'Conteúdo', text: pageSectionsText },
  ],
};

const RESTORED: Record<VersionedResource, string[]> = {
  posts: ['title', 'slug', 'excerpt', 'content', 'category', 'tags'],
  pages: ['name', 'slug', 'title', 'meta_description', 'content', 'is_homepage'],
};

/** What the conflict and recovery messages call the record: 'Este post', 'deste post'. */
export const THIS_RECORD: Record<VersionedResource, { this: string; of: string; changed: string }> = {
  posts: { this: 'Este post', of: 'deste post', changed: 'alterado' },
  pages: { this: 'Esta página', of: 'desta página', changed: 'alterada' },
};

/** The form fields a local copy keeps (src/admin/revisions/localCopy.ts): what the editors type. */
export const EDITED: Record<VersionedResource, readonly string[]> = {
  posts: ['title', 'slug', 'excerpt', 'content', 'category', 'tags', 'status', 'published_at', 'review_note'],
  pages: ['name', 'slug', 'title', 'meta_description', 'content', 'status', 'published_at', 'review_note'],
};

/**
 * The body that restores a version: its content fields, the revision it comes from and
 * the `updated` value the restore is based on (the server refuses a stale one).
 */
export function restoreBody(resource: VersionedResource, data: Record<string, unknown>, revisionId: string, updated: string) {
  const body: Record<string, unknown> = { restored_from: revisionId, updated };
  for (const name of RESTORED[resource]) {
    if (!(name in data)) continue;
    body[name] = name === 'tags' ? JSON.stringify(Array.isArray(data.tags) ? data.tags : []) : data[name];
  }
  return body;
}
