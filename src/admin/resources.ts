/**
 * The admin's resources: the route name react-admin uses (and shows in the URL,
 * /admin/<name>) and the PocketBase collection behind it.
 */
import type { Collection } from '../lib/permissions';

const RESOURCE_COLLECTIONS = {
  users: 'users',
  posts: 'posts',
  pages: 'pages',
  menus: 'menus',
  testimonials: 'testimonials',
  faq: 'faq_entries',
  partners: 'partners',
  products: 'products',
  lines: 'product_lines',
  datasheets: 'datasheets',
  software: 'software',
  media: 'media',
  audit: 'audit_logs',
  messages: 'contact_messages',
  newsletter: 'newsletter_subscribers',
  sends: 'newsletter_sends',
  deliveries: 'newsletter_deliveries',
  comments: 'comments',
  settings: 'public_site_settings',
} as const satisfies Record<string, Collection>;

/** The collection for a route name; names that are not aliases pass through. */
export function collectionOf(resource: string): string {
  return (RESOURCE_COLLECTIONS as Record<string, string>)[resource] ?? resource;
}
