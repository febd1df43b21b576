/**
 * The blog collection's loader: the MDX articles kept in git (glob) plus, when a
 * PocketBase URL is configured at build time, the posts published in the admin.
 * An unreachable CMS fails the build (posts are never silently dropped); a post
 * the site cannot take (its schema refuses it, or an MDX article has its slug) is
 * left out and named in the build's log (src/lib/cms/left-out.ts).
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { glob } from 'astro/loaders';
import { publicFilesUrl } from '../cms/client';
import { mediaImagesReader } from '../cms/images';
import { readCmsContent, RENDERER_SOURCES, storeEntries, type StoredEntry } from '../cms/loaders';
import { fetchPublicPosts, fetchPublicPostsById, toBlogEntry, type CmsPostRecord, type PostVersion } from '../cms/posts';
import { FULL_READ_FROM, planPostRead, readSynced, SYNC_META_KEY, writeSynced, type SyncedPosts } from '../cms/post-sync';
import { excludedEntries, leftOutLine } from '../cms/left-out';

/** The code that turns a post record into a stored entry: a change to it reads every post again. */
const ENTRY_SOURCES: string = Object.values(
  import.meta.glob<string>(
    [
      './loader.ts',
      '../cms/posts.ts',
      '../cms/post-sync.ts',
      '../cms/loaders.ts',
      './article-dates.ts',
      '../format.ts',
      '../../content.config.ts',
      '../../../shared/content-rules.json',
    ],
    { query: '?raw', import: 'default', eager: true },
  ),
).join('\n');

/**
 * Why a CMS post cannot take its slug: an MDX article in git already has it.
 * @param mdxFile the MDX file already holding the slug, if any
 */
export function slugClash(slug: string, mdxFile: string | undefined): string | null {
  return mdxFile ? `O slug "${slug}" já é do artigo MDX ${mdxFile}: escolha outro slug para o post.` : null;
}

export function blogLoader(options: { base: string; pocketBaseUrl?: string }): Loader {
  const mdx = glob({ pattern: '**/*.mdx', base: options.base });
  const fromGit = (entry: StoredEntry) => entry.filePath !== undefined;
  return {
    name: 'operium-blog',
    load: async (context) => {
      const url = options.pocketBaseUrl?.trim();
      // Started with the other CMS loaders' reads, so all share one (src/lib/cms/loaders.ts).
      const content = url ? readCmsContent(url) : undefined;
      content?.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled meanwhile
      // glob() drops every stored entry it did not load: it sees only the MDX ones, so
      // the CMS posts keep their digests between builds.
      const { store } = context;
      await mdx.load({ ...context, store: { ...store, keys: () => store.keys().filter((id) => fromGit(store.get(id)!)) } });
      if (!url || !content) {
        await storeEntries(context, [], (entry) => !fromGit(entry));
        context.meta.delete(SYNC_META_KEY);
        context.logger.info('POCKETBASE_URL não definida: o blog usa só os artigos MDX.');
        return;
      }
      const { postVersions } = await content;
      const read = await storeCmsPosts(context, url, postVersions, fromGit);
      context.logger.info(`${postVersions.length} post(s) publicado(s) do CMS em ${url}.`);
      context.logger.info(`${read} post(s) lido(s) por inteiro; os demais não mudaram desde o último build.`);
    },
  };
}

/**
 * Brings the store's CMS posts up to date, reading whole only the posts that changed
 * (src/lib/cms/post-sync.ts); returns how many were read.
 */
export async function storeCmsPosts(
  context: LoaderContext,
  url: string,
  versions: PostVersion[],
  fromGit: (entry: StoredEntry) => boolean,
): Promise<number> {
  const { store, meta, generateDigest } = context;
  const filesUrl = publicFilesUrl();
  const version = generateDigest({ filesUrl, code: ENTRY_SOURCES, renderer: RENDERER_SOURCES });
  const excluded = excludedEntries();
  const ownEntry = (id: string, slug: string) => {
    const entry = store.get(slug);
    return entry !== undefined && !fromGit(entry) && entry.data.cmsId === id;
  };
  const known = readSynced(meta.get(SYNC_META_KEY), version);
  const plan = known ? planPostRead(known, versions, (id, slug) => ownEntry(id, slug) && !excluded.has(`blog:${slug}`)) : null;
  const partial = known && plan && plan.changed.length < FULL_READ_FROM ? { known, plan } : null;
  const whole = !partial;
  const records = partial ? await fetchPublicPostsById(url, partial.plan.changed) : await fetchPublicPosts(url);
  const synced: SyncedPosts = new Map(partial?.known);
  if (partial) {
    const { known, plan } = partial;
    const returned = new Set(records.map((record) => record.id));
    // Unpublished or deleted since, and changed posts no longer public by the time they were read.
    const gone = [...plan.removed, ...plan.changed.filter((id) => !returned.has(id)).map((id) => [id, known.get(id)] as const)];
    for (const [id, was] of gone) {
      if (was && ownEntry(id, was.slug)) store.delete(was.slug);
      synced.delete(id);
    }
    // A changed post leaves its old slug (renamed, or left out by the publisher: read again below).
    for (const record of records) {
      const was = known.get(record.id);
      if (was && ownEntry(record.id, was.slug)) store.delete(was.slug);
    }
  }
  // A post whose slug an MDX article holds is left out; the article stays.
  const entries = records
    .map((post) => toBlogEntry(post, filesUrl))
    .filter((entry) => {
      const clash = slugClash(entry.id, store.get(entry.id)?.filePath);
      if (clash) context.logger.warn(leftOutLine({ ...entry.origin, entry: entry.id, reason: clash }));
      return !clash;
    });
  // A whole read replaces every CMS entry; a partial one adds to the entries it keeps.
  await storeEntries(context, entries, whole ? (entry) => !fromGit(entry) : () => false, mediaImagesReader(url, filesUrl));
  // Only posts stored count as synced: one left out is read again by the next build, which says why again.
  for (const record of records) {
    if (ownEntry(record.id, record.slug)) synced.set(record.id, syncedOf(record));
    else synced.delete(record.id);
  }
  meta.set(SYNC_META_KEY, writeSynced(synced, version));
  return records.length;
}

const syncedOf = (record: CmsPostRecord) => ({ updated: record.updated ?? '', slug: record.slug });
