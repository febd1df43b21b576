import { useGetList } from 'react-admin';
import { can } from '../../lib/permissions';
import { useActor } from './useActor';
import { EXACT_TOTAL_LIMIT } from '../dataProvider';

export interface QueueCount {
  count: number;
  /** Past EXACT_TOTAL_LIMIT the data provider gives no exact total: `count` is then EXACT_TOTAL_LIMIT + 1. */
  beyond: boolean;
}

/**
 * How many records wait in an editors' queue (comments to moderate, posts to review),
 * for admins and editors (null for anyone else): the sidebar's badges, the bell and
 * the dashboard share these queries, refreshed every minute.
 */
export function useQueueCount(resource: string, filter: Record<string, unknown>): QueueCount | null {
  const { actor } = useActor();
  const allowed = can(actor, 'editor');
  const { total, pageInfo } = useGetList(
    resource,
    { pagination: { page: 1, perPage: 1 }, filter, sort: { field: 'created', order: 'DESC' } },
    { enabled: allowed, refetchInterval: 60_000 },
  );
  if (!allowed) return null;
  const beyond = total === undefined && Boolean(pageInfo?.hasNextPage);
  return { count: beyond ? EXACT_TOTAL_LIMIT + 1 : (total ?? 0), beyond };
}
