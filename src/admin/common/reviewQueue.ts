/**
 * The posts and pages sent for review ('Em revisão'): where the sidebar and the
 * dashboard lead, and how many. A post waits for an editor after its author; a page,
 * for the editor or admin another one handed it to.
 */
import { useQueueCount, type QueueCount } from './useQueueCount';

export type ReviewedResource = 'posts' | 'pages';

const IN_REVIEW = { status: 'review' };

/** The resource's list filtered to what waits for review. */
export const reviewQueuePath = (resource: ReviewedResource) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify(IN_REVIEW))}`;

/** How many of the resource wait for review, for admins and editors (null for anyone else). */
export function useReviewQueue(resource: ReviewedResource): QueueCount | null {
  return useQueueCount(resource, IN_REVIEW);
}
