/**
 * Visitors' comments approved in the admin, as the article pages show them. The
 * build reads them anonymously, so it gets approved ones only and never an e-mail
 * (pb_hooks/lib/comments/comments.js); it asks for the public fields alone all the same.
 */
import { z } from 'astro/zod';
import rules from '../../../shared/content-rules.json';
import { cmsClient, readCms } from './client';

export const COMMENT_RULES = rules.comments;

export interface CommentRecord {
  id: string;
  article: string;
  name: string;
  body: string;
  parent: string;
  created: string;
}

/** Every approved comment, oldest first. */
export function fetchApprovedComments(url: string): Promise<CommentRecord[]> {
  const pb = cmsClient(url);
  return readCms(pb, 'os comentários', () =>
    pb.collection('comments').getFullList<CommentRecord>({
      batch: 500,
      sort: 'created,id',
      filter: pb.filter('status = {:status}', { status: 'approved' }),
      fields: 'id,article,name,body,parent,created',
    }),
  );
}

/** An approved comment as the site's collection holds it. */
export const commentSchema = z.object({
  article: z.string(),
  name: z.string().min(1).max(COMMENT_RULES.name.max),
  body: z.string().min(1).max(COMMENT_RULES.body.max),
  /** The comment a team reply answers; '' for a visitor's comment. */
  parent: z.string(),
  created: z.coerce.date(),
});

export type CommentData = z.infer<typeof commentSchema>;
export interface CommentEntry {
  id: string;
  data: CommentData;
}

/** A visitor's comment with the team's replies to it. */
export interface CommentThread extends CommentEntry {
  replies: CommentEntry[];
}

/**
 * An article's comments as its page shows them: visitors' comments oldest first,
 * each followed by the team's replies. A reply whose comment is not shown (rejected
 * after the reply) is not shown either. `count` is every comment shown.
 */
export function threadsOf(article: string, comments: CommentEntry[]): { threads: CommentThread[]; count: number } {
  const own = comments
    .filter((comment) => comment.data.article === article)
    .sort((a, b) => a.data.created.getTime() - b.data.created.getTime() || a.id.localeCompare(b.id));
  const threads: CommentThread[] = own
    .filter((comment) => comment.data.parent === '')
    .map((comment) => ({ ...comment, replies: [] }));
  const byId = new Map(threads.map((thread) => [thread.id, thread]));
  for (const reply of own) byId.get(reply.data.parent)?.replies.push(reply);
  return { threads, count: threads.reduce((sum, thread) => sum + 1 + thread.replies.length, 0) };
}
