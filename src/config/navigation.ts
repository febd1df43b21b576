/**
 * What the shared chrome's navigation needs besides the menus (those are records
 * staff edit in 'Menu': src/lib/site/menus.ts).
 */
import { site } from './site';

export interface NavLink {
  label: string;
  href: string;
  /** Opens in a new tab (external sites). */
  external?: boolean;
}

/** The call-to-action button at the end of the top navigation. */
export const expertCta: NavLink = { label: 'Fale com um especialista', href: site.chat.link, external: true };

/** The privacy policy, linked wherever the site asks for consent. */
export const PRIVACY_HREF = '/politica-privacidade';

/** True when `href` is the current page or a section above it. */
export function isCurrent(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
