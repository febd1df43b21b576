/**
 * react-admin's data provider for the admin's resources that are not PocketBase
 * collections, served by pb_hooks routes under /api/admin/rest in the dialect of
 * ra-data-simple-rest (see pb_hooks/lib/common/rest.js): `sort`, `range` and `filter`
 * query parameters, the total in `Content-Range`. Every call carries the signed-in
 * user's token (PocketBase reads `Authorization: <token>`), taken from the SDK's
 * auth store at call time, so a new sign-in needs no new provider.
 *
 * | resource      | verbs                                   | served by                   |
 * |---------------|-----------------------------------------|-----------------------------|
 * | backups       | getList, getOne, getMany, create,       | pb_hooks/backups.pb.js      |
 * |               | update { restore: true }, delete        |                             |
 * | site-builds   | getList, getOne, getMany, create        | pb_hooks/publish.pb.js      |
 * |               | (create = 'Publicar agora')             |                             |
 * | git-articles  | getList, getOne, getMany (read-only)    | pb_hooks/git-articles.pb.js |
 * | analytics     | getOne: the summary of a period ("7",   | pb_hooks/analytics.pb.js    |
 * |               | "30", "90", "AAAA-MM-DD_AAAA-MM-DD")    |                             |
 * | deleted-posts | getList (the last 30 days; restoring is | pb_hooks/revisions.pb.js    |
 * |               | the admin method restoreDeletedPost)    |                             |
 * | deleted-media | getList (Mídia's trash; restoring is    | pb_hooks/media.pb.js        |
 * |               | the admin method restoreDeletedMedia)   |                             |
 * | deleted-      | getList (the last 30 days; restoring is | pb_hooks/catalog.pb.js      |
 * | products      | the admin method restoreDeletedProduct) |                             |
 *
 * Plus one custom method, `backupStatus`: the server process's state while a backup
 * is restored (GET /api/admin/backups/status), not a resource. Backups are never
 * downloaded through the panel: they hold the system's keys (superusers only).
 */
import type PocketBase from 'pocketbase';
import { fetchUtils, type DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';

/** The react-admin resources this provider serves (the rest go to PocketBase's records API). */
export const REST_RESOURCES: ReadonlySet<string> = new Set([
  'backups',
  'site-builds',
  'git-articles',
  'analytics',
  'deleted-posts',
  'deleted-media',
  'deleted-products',
]);

export interface BackupStatus {
  /** Changes each time the server process starts. */
  bootId: string;
  busy: boolean;
  /** The last failed restore's message, or ''. */
  failed: string;
  /** The database's continuous replica (pb_hooks/lib/backups/backups.js `replication`). */
  replication?: ReplicationStatus;
}

export interface ReplicationStatus {
  enabled: boolean;
  /** When off, why: 'no-s3', 'off' (REPLICA=off) or the configuration's pt-BR refusal. */
  off?: string;
  running?: boolean;
  bucket?: string;
  intervalSeconds?: number;
  retentionDays?: number;
  /** ISO 8601: when the replica last received a change ('' before the first). */
  replicatedAt?: string;
  /** How long the newest change has waited to be copied (0: none waiting). */
  lagSeconds?: number;
  /** The last replication error ('' when copies work). */
  error?: string;
  errorAt?: string;
  /** Another server holding the replica's lease (host:data folder; '' when none)… */
  heldBy?: string;
  /** …and how long that lease outlives it (server/replication/lease.go). */
  leaseSeconds?: number;
}

export interface RestDataProvider extends DataProvider {
  /** The server process's restart state; `resource` is 'backups' (it routes the call). */
  backupStatus(resource: 'backups'): Promise<{ data: BackupStatus }>;
}

/** The SDK surface this provider uses: the server's URL and the session's token. */
export type RestClient = Pick<PocketBase, 'buildURL' | 'authStore'>;

export function createRestDataProvider(pb: RestClient): RestDataProvider {
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const token = pb.authStore.token;
    return fetchUtils.fetchJson(url, { ...options, user: { authenticated: Boolean(token), token } });
  };
  return {
    ...simpleRestProvider(pb.buildURL('/api/admin/rest'), httpClient),
    backupStatus: async () => ({ data: (await httpClient(pb.buildURL('/api/admin/backups/status'))).json as BackupStatus }),
  };
}
