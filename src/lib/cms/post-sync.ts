/**
 * Which CMS posts a build reads whole. Reading every post at every
 * publication cost ~4 s at 10,000 posts; a build now reads the list of public posts'
 * ids and last saves, and then only the posts that are new, saved since, or not in the
 * store as the site had them. What the last build stored is kept in the blog
 * collection's meta store, under the version of the code that turned records into
 * entries: a new version (code, Markdown pipeline, files address) reads everything.
 */
import type { PostVersion } from './posts';

/** What the store holds of a post: its last save and the slug its entry has. */
export interface SyncedPost {
  updated: string;
  slug: string;
}

/** What the last build stored of the CMS posts, by record id. */
export type SyncedPosts = Map<string, SyncedPost>;

/** The meta store's key, and what it holds (JSON). */
export const SYNC_META_KEY = 'cms-posts';
interface SyncMeta {
  version: string;
  posts: Record<string, SyncedPost>;
}

/** Past this many changed posts, one read of the whole list costs less than reads by id. */
export const FULL_READ_FROM = 400;

/**
 * @param version what turned the stored records into entries (code and settings)
 * @returns what the last build stored, or null when it was made by another version (or never)
 */
export function readSynced(raw: string | undefined, version: string): SyncedPosts | null {
  if (!raw) return null;
  try {
    const meta = JSON.parse(raw) as SyncMeta;
    if (meta.version !== version || !meta.posts || typeof meta.posts !== 'object') return null;
    return new Map(Object.entries(meta.posts));
  } catch {
    return null;
  }
}

export function writeSynced(posts: SyncedPosts, version: string): string {
  const meta: SyncMeta = { version, posts: Object.fromEntries(posts) };
  return JSON.stringify(meta);
}

export interface PostReadPlan {
  /** Ids of the posts to read whole. */
  changed: string[];
  /** Posts no longer public (deleted, unpublished), with what the store holds of them. */
  removed: [string, SyncedPost][];
}

/**
 * The posts to read whole and the ones to remove.
 * @param known what the last build stored
 * @param versions every public post now
 * @param holds whether the store holds the entry of this post under that slug, as the
 *   site may show it (an MDX article in git may have taken the slug since, or the
 *   publisher may be leaving it out)
 */
export function planPostRead(
  known: SyncedPosts,
  versions: PostVersion[],
  holds: (id: string, slug: string) => boolean,
): PostReadPlan {
  const current = new Set<string>();
  const changed: string[] = [];
  for (const { id, updated } of versions) {
    current.add(id);
    const stored = known.get(id);
    if (!stored || stored.updated !== updated || !holds(id, stored.slug)) changed.push(id);
  }
  const removed = [...known].filter(([id]) => !current.has(id));
  return { changed, removed };
}
