/**
 * Published CMS posts, read from PocketBase at build time and turned into blog
 * entries: Markdown rendered and sanitized, covers as PocketBase files. The build
 * reads anonymously, so it sees only published posts and scheduled posts whose time
 * has come (the collection's API rules; the filter says the same).
 */
import { cmsDates } from '../blog/article-dates';
import { toDate } from '../format';
import { cmsClient, readCms } from './client';
import type { RecordOrigin } from './left-out';
import { posts as POST_RULES } from '../../../shared/content-rules.json';

export interface CmsPostRecord {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  cover: string;
  category: string;
  tags: unknown;
  status: string;
  author_name: string;
  published_at: string;
  created: string;
  /** The last save (PocketBase sets it); without it, no update is shown. */
  updated?: string;
}

export interface CmsEntry {
  id: string;
  data: Record<string, unknown>;
  /** The body, rendered by the loader only when the post changed (src/lib/cms/loaders.ts). */
  markdown: string;
  origin: RecordOrigin;
}

/** Posts the public may read: published, or scheduled and due (the collection's API rules say the same). */
function publicFilter(pb: ReturnType<typeof cmsClient>): string {
  return pb.filter('status = {:published} || (status = {:scheduled} && published_at != "" && published_at <= @now)', {
    published: 'published',
    scheduled: 'scheduled',
  });
}

/**
 * Every public post, newest first.
 * @throws an Error in pt-BR naming the CMS's address when it cannot be read
 */
export function fetchPublicPosts(url: string): Promise<CmsPostRecord[]> {
  const pb = cmsClient(url);
  return readCms(pb, 'os posts', () =>
    pb.collection('posts').getFullList<CmsPostRecord>({ batch: 200, sort: '-published_at', filter: publicFilter(pb) }),
  );
}

/** A public post's id and last save: what tells a build whether it changed. */
export interface PostVersion {
  id: string;
  updated: string;
}

/**
 * The id and last save of every public post: a few bytes each (~40 KB a thousand),
 * where whole posts are kilobytes each.
 */
export function fetchPublicPostVersions(url: string): Promise<PostVersion[]> {
  const pb = cmsClient(url);
  return readCms(pb, 'a lista de posts', () =>
    pb.collection('posts').getFullList<PostVersion>({ batch: 1000, fields: 'id,updated', filter: publicFilter(pb) }),
  );
}

/** Ids per request: PocketBase reads filters of at most 3,500 characters. */
const IDS_PER_READ = 80;

/** The public posts among `ids`, whole. */
export async function fetchPublicPostsById(url: string, ids: string[]): Promise<CmsPostRecord[]> {
  const pb = cmsClient(url);
  const posts: CmsPostRecord[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_READ) {
    const chunk = ids.slice(start, start + IDS_PER_READ);
    const named = Object.fromEntries(chunk.map((id, index) => [`id${index}`, id]));
    const anyOf = Object.keys(named)
      .map((name) => `id = {:${name}}`)
      .join(' || ');
    const filter = `(${pb.filter(anyOf, named)}) && (${publicFilter(pb)})`;
    posts.push(...(await readCms(pb, 'os posts alterados', () => pb.collection('posts').getFullList<CmsPostRecord>({ filter }))));
  }
  return posts;
}

/**
 * Turns a PocketBase post into the blog collection's data and sanitized HTML.
 * @param filesUrl where visitors fetch the cover from: the public API (PUBLIC_API_URL), or ''
 *   for the site's own origin; never the address the build read the CMS at (often 127.0.0.1)
 */
export function toBlogEntry(post: CmsPostRecord, filesUrl: string): CmsEntry {
  const base = filesUrl.replace(/\/+$/, '');
  const tags = Array.isArray(post.tags) ? post.tags.filter((tag): tag is string => typeof tag === 'string') : [];
  const cover = post.cover ? `${base}/api/files/posts/${post.id}/${encodeURIComponent(post.cover)}` : undefined;
  return {
    id: post.slug,
    origin: { collection: 'posts', id: post.id, label: post.title },
    markdown: post.content ?? '',
    data: {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt?.trim() ? post.excerpt : post.title,
      coverUrl: cover,
      imageAlt: post.title,
      author: post.author_name || POST_RULES.author_name.fallback,
      ...cmsDates(toDate(post.published_at) ?? toDate(post.created), toDate(post.updated)),
      category: post.category,
      tags,
      source: 'cms',
      cmsId: post.id,
    },
  };
}
