/** The posts authors sent for review ('Em revisão'): where the sidebar and the dashboard lead, and how many. */
import { useQueueCount, type QueueCount } from '../common/useQueueCount';

const IN_REVIEW = { status: 'review' };

export const REVIEW_QUEUE_PATH = `/posts?filter=${encodeURIComponent(JSON.stringify(IN_REVIEW))}`;

/** How many posts wait for an editor's review, for admins and editors (null for anyone else). */
export function useReviewQueue(): QueueCount | null {
  return useQueueCount('posts', IN_REVIEW);
}
