/**
 * A subscription's double opt-in states (pb_migrations/*_newsletter_double_opt_in.js,
 * pb_hooks/lib/newsletter/subscriptions.js) as staff read them: 'pending' waits for the address to
 * confirm from the e-mailed link, 'unsubscribed' left through the link of an e-mail.
 */
export type SubscriptionStatus = 'pending' | 'confirmed' | 'unsubscribed';

export const SUBSCRIPTION_STATUS_CHOICES: { id: SubscriptionStatus; name: string }[] = [
  { id: 'pending', name: 'Pendente' },
  { id: 'confirmed', name: 'Confirmada' },
  { id: 'unsubscribed', name: 'Cancelada' },
];

/** @example subscriptionStatusLabel('unsubscribed') // 'Cancelada' */
export function subscriptionStatusLabel(status: unknown): string {
  return SUBSCRIPTION_STATUS_CHOICES.find((choice) => choice.id === status)?.name ?? String(status ?? '');
}
