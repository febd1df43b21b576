/**
 * Content loaders for what staff publish in the admin: the public settings and the
 * published pages (src/content.config.ts), and the CMS half of the blog
 * (src/lib/blog/loader.ts). Without a CMS address the collections hold nothing from
 * it, and the site is built from git alone.
 */
import type { DataStore, Loader, LoaderContext } from 'astro/loaders';
import { PUBLIC_SETTING_KEYS, type PublicSettingKey } from '../../config/site';
import { cmsClient, publicFilesUrl, readCms } from './client';
import { mediaImagesReader, type MediaImagesReader } from './images';
import { fetchApprovedComments, type CommentRecord } from './comments';
import { fetchPublicPostVersions, type PostVersion } from './posts';
import { fetchPieces, type CmsPieces } from './piece-records';
import { fetchCatalog, type CmsCatalog } from '../catalog/records';
import { sectionImageMap, sectionMarkdown, type SectionImages } from './section-fields';
import { typedSections } from './sections';
import seed from '../../../shared/site-pages.json';
import { excludedEntries, leftOutLine, reasonOf, type RecordOrigin } from './left-out';
import type { ArticleImage } from '../markdown/article';
import { createArticleRenderer, renderArticle, type MarkdownRenderer } from '../markdown/render';

interface SettingRecord {
  id: string;
  key: PublicSettingKey;
  value: string;
}

interface PageRecord {
  id: string;
  slug: string;
  name: string;
  title: string;
  meta_description: string;
  is_homepage: boolean;
  /** Written by the hooks only (pb_hooks/lib/pages/pages.js). */
  old_slugs: unknown;
  /** `{ sections: Section[] }` (shared/page-sections.js); pages made before the typed sections hold `{ sections: [{ heading, body }] }`. */
  content: unknown;
}

/** Everything the site reads from the CMS. */
export interface CmsContent {
  settings: SettingRecord[];
  pages: PageRecord[];
  /** Every public post's id and last save; the blog's loader reads whole only those that changed. */
  postVersions: PostVersion[];
  comments: CommentRecord[];
  /** The menus, the testimonials, the FAQ entries and the partners (src/lib/cms/piece-records.ts). */
  pieces: CmsPieces;
  /** The product lines, published products, datasheets and software (src/lib/catalog/records.ts). */
  catalog: CmsCatalog;
}

/** An entry as the collection's store holds it. */
export type StoredEntry = ReturnType<DataStore['values']>[number];

/** An entry as a source gives it, before its collection's schema validates it. */
export interface SourceEntry {
  id: string;
  data: Record<string, unknown>;
  /** Markdown the entry's body is rendered from (the site's pipeline, src/lib/markdown/), if any. */
  markdown?: string;
  /**
   * Markdown of several fields, each rendered on its own by the same pipeline (a page's
   * sections: section id → field → Markdown); the HTML is kept beside the entry, as
   * `rendered.metadata.fields` with the same keys (src/lib/cms/pages.ts reads it).
   */
  fieldsMarkdown?: Record<string, Record<string, string>>;
  /** The CMS record it comes from. */
  origin?: RecordOrigin;
}

/** The settings that may reach the site (never the smtp_* secrets). */
function fetchPublicSettings(url: string): Promise<SettingRecord[]> {
  const pb = cmsClient(url);
  const keys = Object.fromEntries(PUBLIC_SETTING_KEYS.map((key, index) => [`key${index}`, key]));
  const filter = pb.filter(
    Object.keys(keys)
      .map((name) => `key = {:${name}}`)
      .join(' || '),
    keys,
  );
  return readCms(pb, 'as configurações', () =>
    pb.collection('public_site_settings').getFullList<SettingRecord>({ batch: 200, filter, fields: 'id,key,value' }),
  );
}

/** The published pages, each rendered at its address (src/lib/cms/pages.ts). */
function fetchPublishedPages(url: string): Promise<PageRecord[]> {
  const pb = cmsClient(url);
  return readCms(pb, 'as páginas', () =>
    pb.collection('pages').getFullList<PageRecord>({
      batch: 200,
      sort: 'slug',
      filter: pb.filter('status = {:status}', { status: 'published' }),
      fields: 'id,slug,name,title,meta_description,is_homepage,old_slugs,content',
    }),
  );
}

const reads = new Map<string, Promise<CmsContent>>();

/**
 * The CMS's content, read once for the loaders that run together. Astro runs the
 * loaders in parallel; reading settings, pages and posts in this order, once, means
 * an unreachable CMS fails the build with one error, the settings' (the first read).
 */
export function readCmsContent(url: string): Promise<CmsContent> {
  let read = reads.get(url);
  if (!read) {
    read = (async () => ({
      settings: await fetchPublicSettings(url),
      pages: await fetchPublishedPages(url),
      postVersions: await fetchPublicPostVersions(url),
      comments: await fetchApprovedComments(url),
      pieces: await fetchPieces(url),
      catalog: await fetchCatalog(url),
    }))().finally(() => reads.delete(url));
    reads.set(url, read);
  }
  return read;
}

/**
 * What a body's HTML depends on besides its Markdown: the pipeline's code and the
 * packages it uses (the lockfile). A stored body is kept between builds while its
 * Markdown and these stay the same.
 */
export const RENDERER_SOURCES: string = Object.values(
  import.meta.glob<string>(['../markdown/*.ts', './media-images.ts', '../../config/markdown.ts', '../../../package-lock.json'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).join('\n');

const renderers = new WeakMap<object, Promise<MarkdownRenderer>>();

/** The renderer of the site's Markdown configuration, made once per build. */
function rendererFor({ config }: LoaderContext): Promise<MarkdownRenderer> {
  let renderer = renderers.get(config.markdown);
  if (!renderer) {
    renderer = createArticleRenderer(config.markdown);
    renderers.set(config.markdown, renderer);
  }
  return renderer;
}

/** The media library's images a body shows (src/lib/cms/images.ts); none when not given. */
export type ImagesOf = (markdown: string) => Promise<Record<string, ArticleImage>>;

/**
 * Puts a source's entries into the collection's store, each with the digest of its
 * data (and of its Markdown with the renderer's code): an entry whose digest is
 * already stored is neither rendered, validated again nor rewritten, so a build
 * spends time only on what changed (rendering a long post takes milliseconds, and a
 * site may hold thousands). Stored entries the
 * source no longer has are removed. A CMS entry its schema refuses, or one the
 * publisher asks to leave out (PUBLISH_EXCLUDE), is left out and logged
 * (src/lib/cms/left-out.ts); everything else is still stored.
 * @param owns which stored entries belong to this source (the blog shares its store with the MDX files)
 * @returns how many entries were written
 */
export async function storeEntries(
  context: LoaderContext,
  entries: SourceEntry[],
  owns: (entry: StoredEntry) => boolean = () => true,
  imagesOf: ImagesOf = async () => ({}),
): Promise<number> {
  const { store, parseData, generateDigest, logger, collection } = context;
  const excluded = excludedEntries();
  const kept: SourceEntry[] = [];
  for (const entry of entries) {
    const renderError = entry.origin && excluded.get(`${collection}:${entry.id}`);
    if (entry.origin && renderError) {
      logger.warn(leftOutLine({ ...entry.origin, entry: entry.id, reason: `A página falhou ao ser gerada: ${renderError}` }));
    } else kept.push(entry);
  }
  const ids = new Set(kept.map((entry) => entry.id));
  const renderer = kept.some((entry) => entry.markdown !== undefined || entry.fieldsMarkdown !== undefined)
    ? generateDigest(RENDERER_SOURCES)
    : '';
  for (const entry of store.values()) if (owns(entry) && !ids.has(entry.id)) store.delete(entry.id);
  let written = 0;
  for (const { id, data, markdown, fieldsMarkdown, origin } of kept) {
    const digest = generateDigest(
      markdown === undefined && fieldsMarkdown === undefined ? data : { ...data, markdown, fieldsMarkdown, renderer },
    );
    if (store.get(id)?.digest === digest) continue;
    let parsed;
    try {
      parsed = await parseData({ id, data });
    } catch (error) {
      if (!origin) throw error;
      store.delete(id);
      logger.warn(leftOutLine({ ...origin, entry: id, reason: reasonOf(error) }));
      continue;
    }
    let rendered;
    if (markdown !== undefined) {
      const { html, headings } = await renderArticle(await rendererFor(context), markdown, await imagesOf(markdown));
      rendered = { html, metadata: { headings } };
    }
    if (fieldsMarkdown !== undefined) {
      const fields: Record<string, Record<string, string>> = {};
      for (const [key, values] of Object.entries(fieldsMarkdown)) {
        fields[key] = {};
        for (const [field, text] of Object.entries(values))
          fields[key][field] = (await renderArticle(await rendererFor(context), text, await imagesOf(text))).html;
      }
      rendered = { html: '', metadata: { fields } };
    }
    store.set({ id, data: parsed, digest, ...(rendered ? { rendered } : {}) });
    written += 1;
  }
  return written;
}

/** The id of the placeholder that makes an empty collection exist. */
const EMPTY = 'vazia';

/** A collection loaded from the CMS's content; without a CMS address, the given entries (none by default). */
export function cmsLoader(
  name: string,
  url: string | undefined,
  entriesOf: (content: CmsContent, media: MediaImagesReader) => SourceEntry[] | Promise<SourceEntry[]>,
  withoutCms: () => SourceEntry[] | Promise<SourceEntry[]> = () => [],
): Loader {
  return {
    name,
    load: async (context) => {
      const address = url?.trim();
      const media = address ? mediaImagesReader(address, publicFilesUrl()) : undefined;
      const entries = address && media ? await entriesOf(await readCmsContent(address), media) : await withoutCms();
      await storeEntries(context, entries, undefined, media);
      // Astro warns on every getCollection() of a collection it holds nothing for, once per
      // page built; one entry set and deleted leaves it existing and empty.
      if (entries.length === 0) {
        context.store.set({ id: EMPTY, data: {} });
        context.store.delete(EMPTY);
      }
    },
  };
}

/** The public settings with a value; the entry id is the key. */
export function settingsLoader(url: string | undefined): Loader {
  return cmsLoader('operium-cms-settings', url, ({ settings }) =>
    settings
      .map(({ id, key, value }) => ({ id, key, value: String(value ?? '').trim() }))
      .filter(({ value }) => value !== '')
      .map(({ id, key, value }) => ({
        id: key,
        data: { key, value },
        origin: { collection: 'public_site_settings' as const, id, label: key },
      })),
  );
}

/**
 * The published pages; the entry id is the slug. Without a CMS (a build from git alone)
 * they are the pages a fresh install seeds (shared/site-pages.json,
 * pb_migrations/1795310800_site_pages.js): Home, Quem Somos and the others exist only
 * as pages now, so such a build still has every one of them. With a CMS, the CMS is the
 * only source.
 */
export function pagesLoader(url: string | undefined): Loader {
  return cmsLoader(
    'operium-cms-pages',
    url,
    ({ pages }, media) =>
      Promise.all(
        pages.map(async (page) => ({
          ...toPageEntry(page, await sectionImageMap(typedSections(page.content), media.byId, media.filesUrl)),
          origin: { collection: 'pages' as const, id: page.id, label: page.name || page.slug },
        })),
      ),
    () => seed.pages.filter((page) => page.status === 'published').map((page) => toPageEntry({ id: page.slug, ...page })),
  );
}

/** The approved comments (src/lib/cms/comments.ts); the entry id is the comment's. */
export function commentsLoader(url: string | undefined): Loader {
  return cmsLoader('operium-cms-comments', url, ({ comments }) =>
    comments.map((comment) => ({
      id: comment.id,
      origin: { collection: 'comments' as const, id: comment.id, label: `${comment.name} em ${comment.article}` },
      data: {
        article: comment.article,
        name: comment.name,
        body: comment.body,
        parent: comment.parent ?? '',
        created: comment.created,
      },
    })),
  );
}

/**
 * A page record as the pages collection's data, with its sections' Mídia images described
 * (src/lib/cms/section-fields.ts), its sections' Markdown fields to render beside it.
 */
function toPageEntry(page: Omit<PageRecord, 'old_slugs'> & Partial<PageRecord>, images: SectionImages = {}): SourceEntry {
  const sections = typedSections(page.content);
  return {
    id: page.slug,
    fieldsMarkdown: sectionMarkdown(sections),
    data: {
      slug: page.slug,
      name: page.name ?? '',
      title: page.title ?? '',
      meta_description: page.meta_description ?? '',
      is_homepage: Boolean(page.is_homepage),
      old_slugs: Array.isArray(page.old_slugs) ? page.old_slugs.filter((slug) => typeof slug === 'string') : [],
      sections,
      images,
    },
  };
}
