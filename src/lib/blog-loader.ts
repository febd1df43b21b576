/**
 * The blog collection's loader: the MDX articles kept in git (glob) plus, when a
 * PocketBase URL is configured at build time, the posts published in the admin.
 * An unreachable CMS fails the build (posts are never silently dropped); a post
 * the site cannot take (its schema refuses it, or an MDX article has its slug) is
 * left out and named in the build's log (src/lib/left-out.ts).
 */
import type { Loader } from 'astro/loaders';
import { glob } from 'astro/loaders';
import { publicFilesUrl } from './cms-client';
import { mediaImagesReader } from './cms-images';
import { readCmsContent, storeEntries, type StoredEntry } from './cms-loaders';
import { toBlogEntry } from './cms-posts';
import { leftOutLine } from './left-out';

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
      // Started with the other CMS loaders' reads, so all share one (src/lib/cms-loaders.ts).
      const content = url ? readCmsContent(url) : undefined;
      content?.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled meanwhile
      // glob() drops every stored entry it did not load: it sees only the MDX ones, so
      // the CMS posts keep their digests between builds.
      const { store } = context;
      await mdx.load({ ...context, store: { ...store, keys: () => store.keys().filter((id) => fromGit(store.get(id)!)) } });
      if (!url || !content) {
        await storeEntries(context, [], (entry) => !fromGit(entry));
        context.logger.info('POCKETBASE_URL não definida: o blog usa só os artigos MDX.');
        return;
      }
      const { posts } = await content;
      const filesUrl = publicFilesUrl();
      // A post whose slug an MDX article holds is left out; the article stays.
      const entries = posts
        .map((post) => toBlogEntry(post, filesUrl))
        .filter((entry) => {
          const clash = slugClash(entry.id, store.get(entry.id)?.filePath);
          if (clash) context.logger.warn(leftOutLine({ ...entry.origin, entry: entry.id, reason: clash }));
          return !clash;
        });
      await storeEntries(context, entries, (entry) => !fromGit(entry), mediaImagesReader(url, filesUrl));
      context.logger.info(`${posts.length} post(s) publicado(s) do CMS em ${url}.`);
    },
  };
}
