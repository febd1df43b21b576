/**
 * Site builds as the admin reads them (the `site-builds` resource, rows the
 * publisher reports through pb_hooks/publish.pb.js), and where a saved change
 * stands in them: a build holds a change when it started reading the content after
 * the change was saved.
 */
import { toDate } from '../../lib/format';

export interface SiteBuild {
  /** The publisher's build id. */
  id: string;
  state: 'queued' | 'building' | 'success' | 'failed';
  mode: 'local' | 'deploy-hook';
  reasons: string[];
  /** ISO 8601, or '' while unknown. */
  started_at: string;
  finished_at: string;
  created: string;
  duration_ms: number;
  pages: number;
  progress: string;
  log: string;
  /** Records the build left out: the site's schema refused them, or their page failed. */
  left_out?: LeftOut[];
}

export interface LeftOut {
  collection: 'posts' | 'pages' | 'public_site_settings' | 'comments';
  id: string;
  label: string;
  reason: string;
}

export type ChangeState =
  /** Saved; no build holding it has started yet (the publisher waits a moment for more changes). */
  | { state: 'waiting' }
  | { state: 'publishing' }
  /** The live build holds it since `at`. */
  | { state: 'live'; at: string }
  /** The last build that held it failed and none has followed: the site shows the version before. */
  | { state: 'failed' };

/**
 * Where a change saved at `saved` stands, from the newest builds (newest first). Times
 * compare the server's clock with the publisher's, which runs beside it (scripts/start.mjs).
 * @example changeState('2026-11-29 10:00:00.000Z', [{ state: 'success', started_at: '2026-11-29T10:00:03Z', finished_at: '2026-11-29T10:00:20Z', … }]) // { state: 'live', at: '2026-11-29T10:00:20Z' }
 */
export function changeState(saved: string, builds: readonly SiteBuild[]): ChangeState {
  const since = toDate(saved)?.getTime() ?? Number.POSITIVE_INFINITY;
  const holds = (build: SiteBuild) => (toDate(build.started_at)?.getTime() ?? Number.NEGATIVE_INFINITY) >= since;
  const live = builds.find((build) => build.state === 'success');
  if (live && holds(live)) return { state: 'live', at: live.finished_at };
  if (builds.some((build) => build.state === 'queued' || build.state === 'building')) return { state: 'publishing' };
  const failed = builds.find((build) => build.state === 'failed');
  if (failed && holds(failed) && (!live || failed.created > live.created)) return { state: 'failed' };
  return { state: 'waiting' };
}
