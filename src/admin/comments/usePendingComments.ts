import { useGetList } from 'react-admin';
import { can } from '../../lib/permissions';
import { useActor } from '../common/useActor';
import { EXACT_TOTAL_LIMIT } from '../dataProvider';

/**
 * How many comments wait for moderation, for those who moderate (null for anyone
 * else): the sidebar's badge, the bell and the dashboard share this one query.
 * Past EXACT_TOTAL_LIMIT the data provider gives no exact total: the count is then
 * EXACT_TOTAL_LIMIT + 1 and `beyond` is true.
 */
export function usePendingComments(): { count: number; beyond: boolean } | null {
  const { actor } = useActor();
  const allowed = can(actor, 'editor');
  const { total, pageInfo } = useGetList(
    'comments',
    { pagination: { page: 1, perPage: 1 }, filter: { status: 'pending' }, sort: { field: 'created', order: 'DESC' } },
    { enabled: allowed, refetchInterval: 60_000 },
  );
  if (!allowed) return null;
  const beyond = total === undefined && Boolean(pageInfo?.hasNextPage);
  return { count: beyond ? EXACT_TOTAL_LIMIT + 1 : (total ?? 0), beyond };
}
