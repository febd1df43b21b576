/**
 * Published CMS posts, read from PocketBase at build time and turned into blog
 * entries: Markdown rendered and sanitized, covers as PocketBase thumbnails.
 * Anonymous reads see exactly what the public may see (published posts, and
 * scheduled posts whose time has come), per the collection's API rules.
 */
import { renderMarkdown } from './markdown';
import { parseArticleDate } from './dates';

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
}

export interface CmsEntry {
  id: string;
  data: Record<string, unknown>;
  html: string;
}

/** Width × height of the cover thumbnail PocketBase generates for posts. */
export const COVER_THUMB = { width: 1280, height: 720 };

const FILTER = '(status = "published" || (status = "scheduled" && published_at != "" && published_at <= @now))';

/**
 * Fetches every public post, page by page.
 * @throws an Error in pt-BR naming the URL when the server cannot be reached or answers an error
 */
export async function fetchPublicPosts(baseUrl: string, fetchImpl: typeof fetch = fetch): Promise<CmsPostRecord[]> {
  const base = baseUrl.replace(/\/+$/, '');
  const posts: CmsPostRecord[] = [];
  for (let page = 1; ; page++) {
    const url = `${base}/api/collections/posts/records?page=${page}&perPage=200&sort=-published_at&filter=${encodeURIComponent(FILTER)}`;
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      throw new Error(
        `Não foi possível ler os posts do CMS em ${base} (${error instanceof Error ? error.message : error}). ` +
          'Verifique POCKETBASE_URL ou remova-a para gerar o blog só com os artigos MDX.',
        { cause: error },
      );
    }
    if (!response.ok) throw new Error(`O CMS em ${base} respondeu HTTP ${response.status} ao listar os posts publicados.`);
    const body = (await response.json()) as { items: CmsPostRecord[]; totalPages: number };
    posts.push(...body.items);
    if (page >= body.totalPages) return posts;
  }
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
    html: renderMarkdown(post.content ?? ''),
    data: {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt || post.title,
      coverUrl: cover,
      imageAlt: `Capa do artigo ${post.title}`,
      author: post.author_name || 'Equipe Operium',
      date: parseArticleDate(post.published_at || post.created),
      category: post.category,
      tags,
      source: 'cms',
      cmsId: post.id,
    },
  };
}
