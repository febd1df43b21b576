/** Navigation menus of the shared chrome, in their order on the page. */
import { site } from './site';

export interface NavLink {
  label: string;
  href: string;
  /** Opens in a new tab (external sites). */
  external?: boolean;
}

export const mainNav: NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'Loja', href: site.storeUrl, external: true },
  { label: 'Quem Somos', href: '/quem-somos' },
  { label: 'Produtos', href: '/produtos' },
  { label: 'Projetos Sob Medida', href: '/projetos-sob-medida' },
  { label: 'Blog', href: '/blog' },
  { label: 'DataSheets', href: '/referencias/datasheets' },
  { label: 'Softwares', href: '/referencias/softwares' },
  { label: 'Contato', href: '/contato' },
];

/** The call-to-action button at the end of the top navigation. */
export const expertCta: NavLink = { label: 'Fale com um especialista', href: site.chat.link, external: true };

/** The privacy policy, linked wherever the site asks for consent. */
export const PRIVACY_HREF = '/politica-privacidade';

export const footerQuickLinks: NavLink[] = [
  { label: 'Quem Somos', href: '/quem-somos' },
  { label: 'Produtos', href: '/produtos' },
  { label: 'Projetos Sob Medida', href: '/projetos-sob-medida' },
  { label: 'Catálogo Digital', href: '/catalogo-digital' },
  { label: 'Política de Privacidade', href: PRIVACY_HREF },
];

export const footerResources: NavLink[] = [
  { label: 'Blog', href: '/blog' },
  { label: 'Clientes', href: '/clientes' },
  { label: 'Contato', href: '/contato' },
];

/** The links with CMS pages' links added after them, leaving out a path already there. */
export function withLinks(links: readonly NavLink[], added: readonly NavLink[]): NavLink[] {
  const hrefs = new Set(links.map((link) => link.href));
  return [...links, ...added.filter((link) => !hrefs.has(link.href))];
}

/** True when `href` is the current page or a section above it. */
export function isCurrent(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
