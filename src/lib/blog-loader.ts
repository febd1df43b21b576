/**
 * The blog collection's loader: the MDX articles kept in git (glob) plus, when a
 * PocketBase URL is configured at build time, the posts published in the admin.
 * An unreachable CMS fails the build (posts are never silently dropped), and a
 * slug used by both sources is an error naming both.
 */
import type { Loader } from 'astro/loaders';
import { glob } from 'astro/loaders';
import { readCmsContent, storeEntries, type StoredEntry } from './cms-loaders';
import { toBlogEntry } from './cms-posts';

/**
 * Where visitors fetch CMS files: the public API when it lives on another host
 * (PUBLIC_API_URL), else the site's own origin (root-relative URLs).
 */
export function publicFilesUrl(env: Record<string, string | undefined> = process.env): string {
  return env.PUBLIC_API_URL?.trim().replace(/\/+$/, '') ?? '';
}

/**
 * A slug used by an MDX article and by a CMS post is a build error naming both.
 * @param mdxFile the MDX file already holding the slug, if any
 */
export function assertNoSlugClash(slug: string, mdxFile: string | undefined, cmsId: string): void {
  if (mdxFile) throw new Error(`O slug "${slug}" existe no artigo MDX ${mdxFile} e no post ${cmsId} do CMS: renomeie um deles.`);
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
      if (!content) {
        await storeEntries(context, [], (entry) => !fromGit(entry));
        context.logger.info('POCKETBASE_URL não definida: o blog usa só os artigos MDX.');
        return;
      }
      const { posts } = await content;
      const filesUrl = publicFilesUrl();
      const entries = posts.map((post) => {
        const entry = toBlogEntry(post, filesUrl);
        assertNoSlugClash(entry.id, store.get(entry.id)?.filePath, post.id);
        return entry;
      });
      await storeEntries(context, entries, (entry) => !fromGit(entry));
      context.logger.info(`${posts.length} post(s) publicado(s) do CMS em ${url}.`);
    },
  };
}
