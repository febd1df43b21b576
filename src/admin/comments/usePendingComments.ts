import { useQueueCount, type QueueCount } from '../common/useQueueCount';

const PENDING = { status: 'pending' };

/** How many comments wait for moderation, for those who moderate (null for anyone else). */
export function usePendingComments(): QueueCount | null {
  return useQueueCount('comments', PENDING);
}
