/**
 * react-admin's data provider for PocketBase, as a factory over an injected SDK
 * client (tests pass a fake one). Filters are built with the SDK's placeholder
 * binding (`pb.filter`), never by string concatenation.
 *
 * | react-admin verb   | PocketBase call                                            |
 * |--------------------|------------------------------------------------------------|
 * | getList            | collection(r).getList(page, perPage, { sort, filter,       |
 * |                    |   skipTotal }), the total counted only up to a limit       |
 * | getOne             | collection(r).getOne(id)                                   |
 * | getMany            | collection(r).getFullList({ filter: id = a || id = b … })  |
 * | getManyReference   | getList with `target = id` added to the filter             |
 * | create             | collection(r).create(body or FormData when files are sent) |
 * | update             | collection(r).update(id, body or FormData)                 |
 * | updateMany         | update for each id                                         |
 * | delete             | collection(r).delete(id)                                   |
 * | deleteMany         | delete for each id                                         |
 *
 * Totals: PocketBase counts a list's total by visiting every matching row, which
 * on a large table (a million audit rows) costs far more than the page itself, on
 * every page. So the page is read without its total; a short page is the last one
 * and gives the total; otherwise the total is counted only when one probe (the row
 * after the first EXACT_TOTAL_LIMIT, in the page's order, so it reads what the page
 * reads) finds none. Past that, the list pages with next/previous only (react-admin's
 * partial pagination: `pageInfo` instead of `total`). An empty probe of a filtered
 * list counts towards PocketBase's guard against filter enumeration: more than 3
 * empty filtered answers in 3 s from one IP get a random delay of up to 0.5 s.
 *
 * Filter keys: `field: value` (equality; an array means any of), `field_gte`,
 * `field_lte` (ranges, e.g. the audit log's dates), `field_like` (contains), and
 * `q` (free text). On a collection the server indexes (INDEXED_SEARCH) `q` goes as
 * the `search` query parameter, answered from a full-text index (pb_hooks/lib/posts/search.js);
 * elsewhere it is a `~` filter over the resource's SEARCH_FIELDS.
 *
 * The admin's own provider (createAdminDataProvider) joins this one to the REST
 * provider of the resources that are not collections (restDataProvider.ts), verb by
 * verb by resource, and adds the custom methods the screens need beyond records (file
 * addresses, file tokens, the dashboard's numbers and checks, privacy requests), as
 * react-admin's demo does: screens reach them with useAdminDataProvider and
 * react-query's useQuery/useMutation. It is the admin's one way to the server besides
 * the auth provider (authProvider.ts): no screen calls fetch or the SDK itself.
 */
import type { MediaUse, NewsletterAudience, PagePreviewRequest, ProductUse, TestMailAnswer } from './answers';
import type PocketBase from 'pocketbase';
import { useContext } from 'react';
import { DataProviderContext, useDataProvider, type DataProvider, type RaRecord } from 'ra-core';
import type { DashboardStats } from './dashboard/stats';
import { runCheck, type CheckResult } from './dashboard/validationChecks';
import { withErrorMessages } from './errors';
import type { CommentText, PrivacyErasure, PrivacyExport, PrivacyHoldings } from './privacy/summary';
import { collectionOf } from './resources';
import { createRestDataProvider, REST_RESOURCES, type RestDataProvider } from './restDataProvider';
import { verifySession } from './session';

/**
 * Collections whose free-text search the server answers from a full-text index
 * (pb_hooks/lib/posts/search.js: posts' title, excerpt and slug). On a large table
 * a `~` filter reads every row when the text is rare.
 */
export const INDEXED_SEARCH: ReadonlySet<string> = new Set(['posts']);

/** Fields searched by the free-text `q` filter, per collection not in INDEXED_SEARCH. */
export const SEARCH_FIELDS: Record<string, string[]> = {
  users: ['email', 'full_name'],
  pages: ['name', 'title', 'slug'],
  media: ['original_filename', 'alt_text'],
  public_site_settings: ['key'],
  audit_logs: ['table_name', 'record_id'],
  contact_messages: ['name', 'email', 'company', 'message'],
  newsletter_subscribers: ['email'],
  comments: ['name', 'email', 'body', 'article', 'article_title'],
  products: ['model', 'name', 'slug', 'description'],
  product_lines: ['name', 'title', 'slug'],
  datasheets: ['name', 'slug', 'description'],
  software: ['name', 'slug', 'description'],
};

/** Lists with more matching rows than this get no exact total (see above). */
export const EXACT_TOTAL_LIMIT = 250;

/** The PocketBase client surface this provider uses. */
export type PocketBaseClient = Pick<PocketBase, 'collection' | 'filter'>;

const FIELD = /^[a-zA-Z_][a-zA-Z0-9_.]*$/;

/** Builds a PocketBase filter expression from react-admin's filter object. */
export function buildFilter(pb: Pick<PocketBase, 'filter'>, resource: string, filter: Record<string, unknown> = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q') {
      if (INDEXED_SEARCH.has(collectionOf(resource))) continue; // see searchOptions
      const fields = SEARCH_FIELDS[collectionOf(resource)] ?? [];
      if (fields.length)
        parts.push(`(${fields.map((field) => pb.filter(`${field} ~ {:q}`, { q: String(value) })).join(' || ')})`);
      continue;
    }
    const match = /^(.*?)(?:_(gte|lte|like))?$/.exec(key)!;
    const field = match[1]!;
    if (!FIELD.test(field)) throw new Error(`Filtro inválido: ${key}`);
    const operator = { gte: '>=', lte: '<=', like: '~' }[match[2] ?? ''] ?? '=';
    if (Array.isArray(value)) {
      if (value.length) parts.push(`(${value.map((item) => pb.filter(`${field} ${operator} {:v}`, { v: item })).join(' || ')})`);
    } else {
      parts.push(pb.filter(`${field} ${operator} {:v}`, { v: value as string | number | boolean }));
    }
  }
  return parts.join(' && ');
}

/** The SDK options of an indexed free-text search (INDEXED_SEARCH): none without one. */
export function searchOptions(resource: string, filter: Record<string, unknown> = {}): { query?: { search: string } } {
  const text = filter.q;
  if (!INDEXED_SEARCH.has(collectionOf(resource)) || text === undefined || text === null || String(text).trim() === '') return {};
  return { query: { search: String(text) } };
}

/** react-admin's sort → PocketBase's (`-field` for descending); the record id sorts by creation. */
export function buildSort(sort?: { field: string; order: string }): string {
  if (!sort?.field) return '-created';
  const field = sort.field === 'id' ? 'created' : sort.field;
  if (!FIELD.test(field)) throw new Error(`Ordenação inválida: ${sort.field}`);
  return sort.order === 'ASC' ? field : `-${field}`;
}

function isFile(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** react-admin's file inputs hand over `{ rawFile: File }`; PocketBase wants the File itself. */
function unwrapFile(value: unknown): unknown {
  if (value && typeof value === 'object' && 'rawFile' in value) return (value as { rawFile: unknown }).rawFile;
  return value;
}

/** Plain JSON, or FormData when any value is a file (uploads). */
export function toBody(data: Record<string, unknown>): Record<string, unknown> | FormData {
  const values = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, Array.isArray(value) ? value.map(unwrapFile) : unwrapFile(value)]),
  );
  const hasFile = Object.values(values).some((value) => isFile(value) || (Array.isArray(value) && value.some(isFile)));
  if (!hasFile) return values;
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) form.append(key, isFile(item) ? item : String(item));
    } else if (isFile(value)) {
      form.append(key, value);
    } else if (value !== null && typeof value === 'object') {
      form.append(key, JSON.stringify(value));
    } else {
      form.append(key, value === null ? '' : String(value));
    }
  }
  return form;
}

export function createDataProvider(pb: PocketBaseClient): DataProvider {
  const list = async (
    resource: string,
    page: number,
    perPage: number,
    sort: string,
    filter: string,
    search: { query?: { search: string } },
  ) => {
    const collection = pb.collection(collectionOf(resource));
    const offset = (page - 1) * perPage;
    const data = (await collection.getList(page, perPage, { sort, filter, skipTotal: true, ...search })).items as RaRecord[];
    if (data.length < perPage && (data.length > 0 || page === 1)) return { data, total: offset + data.length };
    const overLimit =
      offset + data.length > EXACT_TOTAL_LIMIT ||
      (await collection.getList(EXACT_TOTAL_LIMIT + 1, 1, { sort, filter, skipTotal: true, fields: 'id', ...search })).items
        .length > 0;
    if (!overLimit) return { data, total: (await collection.getList(1, 1, { filter, fields: 'id', ...search })).totalItems };
    return { data, pageInfo: { hasPreviousPage: page > 1, hasNextPage: data.length === perPage } };
  };
  const idsFilter = (ids: readonly unknown[]) => ids.map((id) => pb.filter('id = {:id}', { id: String(id) })).join(' || ');

  return {
    getList: (resource, params) =>
      list(
        resource,
        params.pagination?.page ?? 1,
        params.pagination?.perPage ?? 25,
        buildSort(params.sort),
        buildFilter(pb, resource, params.filter),
        searchOptions(resource, params.filter),
      ) as never,
    getOne: async (resource, params) => ({
      data: (await pb.collection(collectionOf(resource)).getOne(String(params.id))) as never,
    }),
    getMany: async (resource, params) => {
      if (params.ids.length === 0) return { data: [] };
      return { data: (await pb.collection(collectionOf(resource)).getFullList({ filter: idsFilter(params.ids) })) as never };
    },
    getManyReference: (resource, params) => {
      if (!FIELD.test(params.target)) throw new Error(`Referência inválida: ${params.target}`);
      const filter = [pb.filter(`${params.target} = {:id}`, { id: String(params.id) }), buildFilter(pb, resource, params.filter)]
        .filter(Boolean)
        .join(' && ');
      return list(
        resource,
        params.pagination.page,
        params.pagination.perPage,
        buildSort(params.sort),
        filter,
        searchOptions(resource, params.filter),
      ) as never;
    },
    create: async (resource, params) => ({
      data: (await pb.collection(collectionOf(resource)).create(toBody(params.data))) as never,
    }),
    update: async (resource, params) => ({
      data: (await pb.collection(collectionOf(resource)).update(String(params.id), toBody(params.data))) as never,
    }),
    updateMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => pb.collection(collectionOf(resource)).update(String(id), toBody(params.data))));
      return { data: params.ids };
    },
    delete: async (resource, params) => {
      await pb.collection(collectionOf(resource)).delete(String(params.id));
      return { data: params.previousData as never };
    },
    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => pb.collection(collectionOf(resource)).delete(String(id))));
      return { data: params.ids };
    },
  };
}

/** The admin data provider's methods that are not react-admin's verbs on a resource. */
export interface AdminMethods {
  /**
   * A stored file's address. `thumb` must be one of the field's declared sizes
   * (PocketBase sends the original otherwise); `token` (fileToken) opens files the
   * public may not read, since an <img> sends no Authorization header.
   */
  fileUrl(record: RaRecord, filename: string, options?: { thumb?: string; token?: string }): string;
  /** Where one of the site's own images (a path under src/assets) is served to staff (pb_hooks/preview.pb.js). */
  siteAssetUrl(path: string): string;
  /** A short-lived (3 minutes) file token of the signed-in staff member. */
  fileToken(): Promise<string>;
  /** The dashboard's live numbers (GET /api/admin/stats, pb_hooks/lib/dashboard/stats.js). */
  stats(): Promise<DashboardStats>;
  /**
   * One check of the dashboard's validation report (dashboard/validationChecks.ts), run
   * against the site this admin is served from; a check that cannot run is a failure,
   * never a rejection.
   */
  validationCheck(id: string): Promise<CheckResult>;
  /** Brings a deleted post back as it was (pb_hooks/lib/posts/deleted-posts.js); answers its id, slug and title. */
  restoreDeletedPost(id: string): Promise<{ id: string; slug: string; title: string }>;
  /** Where a media file is used (GET /api/admin/media/{id}/usage, pb_hooks/lib/media/usage.js; editors and admins). */
  mediaUsage(id: string): Promise<{ usage: MediaUse[] }>;
  /** Where a product is linked or shown (GET /api/admin/products/{id}/usage, pb_hooks/lib/catalog/usage.js; editors and admins). */
  productUsage(id: string): Promise<{ usage: ProductUse[] }>;
  /** Brings a deleted product back as it was (pb_hooks/lib/catalog/deleted-products.js); answers its id, slug and name. */
  restoreDeletedProduct(id: string): Promise<{ id: string; slug: string; name: string }>;
  /** Brings a file in Mídia excluída back to the library (pb_hooks/lib/media/deleted-media.js). */
  restoreDeletedMedia(id: string): Promise<{ id: string; original_filename: string }>;
  /** A body rendered by the site's Markdown pipeline, as it will be published (pb_hooks/preview.pb.js). */
  renderPreview(markdown: string): Promise<{ html: string }>;
  /**
   * A page rendered by the site's own components (as its route renders it), each section marked with its
   * `data-section-id`, and the styles those components bring themselves
   * (pb_hooks/preview.pb.js; editors and admins). Sections the site would refuse are
   * a 400 with their pt-BR problems. `signal` cancels a stale request.
   */
  renderPagePreview(page: PagePreviewRequest, options?: { signal?: AbortSignal }): Promise<{ html: string; css: string }>;
  /**
   * A product's page rendered by the site's own components from its form's values
   * (pb_hooks/preview.pb.js; editors and admins); values a save would refuse are a 400
   * with the pt-BR sentence. `signal` cancels a stale request.
   */
  renderProductPreview(
    product: Record<string, unknown>,
    options?: { signal?: AbortSignal },
  ): Promise<{ html: string; css: string }>;
  /** What is held about an e-mail (POST /api/privacy/lookup, pb_hooks/lib/privacy/privacy.js; admins only). */
  privacyLookup(email: string): Promise<PrivacyHoldings>;
  /** The same with the e-mail and the time of the export (POST /api/privacy/export); the panel writes the file (privacy/facts.ts). */
  privacyExport(email: string): Promise<PrivacyExport>;
  /** Erases an e-mail's personal data (POST /api/privacy/erase); comments are anonymised, their text kept or removed. */
  privacyErase(email: string, commentText: CommentText): Promise<PrivacyErasure>;
  /** Who a live post's newsletter would reach (GET /api/newsletter/audience, pb_hooks/lib/newsletter/send.js; editors and admins). */
  newsletterAudience(slug: string): Promise<NewsletterAudience>;
  /** Queues a post's newsletter, or a test of it to the signed-in staff member (POST /api/newsletter/sends). */
  startNewsletterSend(slug: string, options?: { test?: boolean }): Promise<{ id: string; total?: number }>;
  /** Stops a running send (POST /api/newsletter/sends/{id}/cancel). */
  cancelNewsletterSend(id: string): Promise<{ id: string; status: string }>;
  /** Sends a test e-mail through the saved SMTP settings (POST /api/site/mail/test, pb_hooks/lib/mail/mail-test.js; admins). */
  sendTestMail(to: string): Promise<TestMailAnswer>;
}

export type { MediaUse, NewsletterAudience, PagePreviewRequest, ProductUse, TestMailAnswer };

export type AdminDataProvider = RestDataProvider & AdminMethods;

/** The admin's data provider with its custom methods, for screens (react-admin's useDataProvider). */
export function useAdminDataProvider(): AdminDataProvider {
  return useDataProvider<AdminDataProvider>();
}

/**
 * The provider's `fileUrl`, read from the provider itself: it builds an address and
 * sends no request, while useDataProvider wraps every method as a promise.
 */
export function useFileUrl(): AdminMethods['fileUrl'] {
  return (useContext(DataProviderContext) as AdminDataProvider).fileUrl;
}

/** The provider's `siteAssetUrl`, read as useFileUrl reads `fileUrl`. */
export function useSiteAssetUrl(): AdminMethods['siteAssetUrl'] {
  return (useContext(DataProviderContext) as AdminDataProvider).siteAssetUrl;
}

/**
 * The admin's data provider: backups and site builds through the REST routes
 * (restDataProvider.ts, with its custom `backupStatus`), every other resource
 * through PocketBase's records API with pt-BR error messages (errors.ts), plus
 * AdminMethods.
 */
export function createAdminDataProvider(pb: PocketBase): AdminDataProvider {
  const records = withErrorMessages(createDataProvider(pb));
  const rest = createRestDataProvider(pb);
  const by = (resource: string): DataProvider => (REST_RESOURCES.has(resource) ? rest : records);
  return {
    // react-admin's verbs go to the provider of their resource.
    getList: (resource, params) => by(resource).getList(resource, params),
    getOne: (resource, params) => by(resource).getOne(resource, params),
    getMany: (resource, params) => by(resource).getMany(resource, params),
    getManyReference: (resource, params) => by(resource).getManyReference(resource, params),
    create: (resource, params) => by(resource).create(resource, params),
    update: (resource, params) => by(resource).update(resource, params),
    updateMany: (resource, params) => by(resource).updateMany(resource, params),
    delete: (resource, params) => by(resource).delete(resource, params),
    deleteMany: (resource, params) => by(resource).deleteMany(resource, params),
    backupStatus: (resource) => rest.backupStatus(resource),
    fileUrl: (record, filename, options = {}) => pb.files.getURL(record, filename, options),
    siteAssetUrl: (path) => pb.buildURL(`/api/site/preview/asset/${path.split('/').map(encodeURIComponent).join('/')}`),
    fileToken: () => pb.files.getToken(),
    stats: () => pb.send<DashboardStats>('/api/admin/stats', { method: 'GET', requestKey: null }),
    validationCheck: (id) =>
      runCheck(id, {
        // The site is where the panel is served from, even when the API lives elsewhere (PUBLIC_API_URL).
        origin: window.location.origin,
        request: (input, init) => fetch(input, init),
        sessionAccepted: () => verifySession(pb),
      }),
    restoreDeletedPost: (id) =>
      pb.send(`/api/admin/deleted-posts/${encodeURIComponent(id)}/restore`, { method: 'POST', requestKey: null }),
    mediaUsage: (id) => pb.send(`/api/admin/media/${encodeURIComponent(id)}/usage`, { method: 'GET', requestKey: null }),
    productUsage: (id) => pb.send(`/api/admin/products/${encodeURIComponent(id)}/usage`, { method: 'GET', requestKey: null }),
    restoreDeletedProduct: (id) =>
      pb.send(`/api/admin/deleted-products/${encodeURIComponent(id)}/restore`, { method: 'POST', requestKey: null }),
    restoreDeletedMedia: (id) =>
      pb.send(`/api/admin/deleted-media/${encodeURIComponent(id)}/restore`, { method: 'POST', requestKey: null }),
    renderPreview: (markdown) => pb.send('/api/site/preview', { method: 'POST', body: { markdown }, requestKey: null }),
    renderPagePreview: (page, options = {}) =>
      pb.send('/api/site/preview/page', { method: 'POST', body: page, signal: options.signal, requestKey: null }),
    renderProductPreview: (product, options = {}) =>
      pb.send('/api/site/preview/product', { method: 'POST', body: product, signal: options.signal, requestKey: null }),
    // The e-mail of a data-subject request goes in the body, never in the address (server logs, history).
    privacyLookup: (email) => pb.send('/api/privacy/lookup', { method: 'POST', body: { email }, requestKey: null }),
    privacyExport: (email) => pb.send('/api/privacy/export', { method: 'POST', body: { email }, requestKey: null }),
    privacyErase: (email, commentText) =>
      pb.send('/api/privacy/erase', { method: 'POST', body: { email, commentText }, requestKey: null }),
    newsletterAudience: (slug) => pb.send('/api/newsletter/audience', { method: 'GET', query: { slug }, requestKey: null }),
    startNewsletterSend: (slug, options = {}) =>
      pb.send('/api/newsletter/sends', { method: 'POST', body: { slug, test: options.test === true }, requestKey: null }),
    sendTestMail: (to) => pb.send('/api/site/mail/test', { method: 'POST', body: { to }, requestKey: null }),
    cancelNewsletterSend: (id) =>
      pb.send(`/api/newsletter/sends/${encodeURIComponent(id)}/cancel`, { method: 'POST', requestKey: null }),
  };
}
