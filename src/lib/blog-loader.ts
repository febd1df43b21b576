/**
 * The blog collection's loader: the MDX articles kept in git (glob) plus, when a
 * PocketBase URL is configured at build time, the posts published in the admin.
 * An unreachable CMS fails the build (posts are never silently dropped), and a
 * slug used by both sources is an error naming both.
 */
import type { Loader } from 'astro/loaders';
import { glob } from 'astro/loaders';
import { fetchPublicPosts, toBlogEntry } from './cms-posts';

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
  return {
    name: 'operium-blog',
    load: async (context) => {
      await mdx.load(context);
      const url = options.pocketBaseUrl?.trim();
      if (!url) {
        context.logger.info('POCKETBASE_URL não definida: o blog usa só os artigos MDX.');
        return;
      }
      const posts = await fetchPublicPosts(url);
      const filesUrl = publicFilesUrl();
      for (const post of posts) {
        const entry = toBlogEntry(post, filesUrl);
        assertNoSlugClash(entry.id, context.store.get(entry.id)?.filePath, post.id);
        const data = await context.parseData({ id: entry.id, data: entry.data });
        context.store.set({
          id: entry.id,
          data,
          rendered: { html: entry.html },
          digest: context.generateDigest({ ...entry.data, html: entry.html }),
        });
      }
      context.logger.info(`${posts.length} post(s) publicado(s) do CMS em ${url}.`);
    },
  };
}
