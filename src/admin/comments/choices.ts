/** A comment's moderation states (pb_migrations/*_comments.js) as staff read them. */
export type CommentStatus = 'pending' | 'approved' | 'rejected' | 'spam';

export const COMMENT_STATUS_CHOICES: { id: CommentStatus; name: string }[] = [
  { id: 'pending', name: 'Pendente' },
  { id: 'approved', name: 'Aprovado' },
  { id: 'rejected', name: 'Rejeitado' },
  { id: 'spam', name: 'Spam' },
];

export function commentStatusLabel(status: unknown): string {
  return COMMENT_STATUS_CHOICES.find((choice) => choice.id === status)?.name ?? String(status ?? '');
}

/** The moderation queue: the list's default filter, where the bell and the dashboard lead. */
export const QUEUE_PATH = `/comments?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`;
