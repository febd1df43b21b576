// The shared chrome (src/layouts/BaseLayout.astro and components/layout/), rendered
// in the browser. The islands are our own React components.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import CookieConsent from '../../../src/islands/CookieConsent';
import MobileMenu from './islands/MobileMenu';
import NewsletterForm from '../../../src/islands/NewsletterForm';
import { expertCta, isCurrent, type NavLink } from '../../../src/config/navigation';
import { seedMenus } from '../../../src/lib/site/menus';

// The menus of a fresh install, as the site's own header and footer show them.
const menus = seedMenus();
const mainNav = menus.header.links;
import { formatAddress, site, telHref } from '../../../src/config/site';
import { Icon } from './markup';

function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const dark = tone === 'dark';
  return (
    <span
      className={`inline-flex items-center gap-2 text-xl font-extrabold tracking-tight ${dark ? 'text-brand-700' : 'text-white'}`}
    >
      <svg viewBox="0 0 64 64" className="h-8 w-8" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill={dark ? '#0b3d6e' : '#ffffff'} />
        <circle cx="32" cy="32" r="17" fill="none" stroke={dark ? '#ffffff' : '#0b3d6e'} strokeWidth="7" />
        <rect x="29" y="6" width="6" height="12" fill="#f5a524" />
      </svg>
      {site.name}
    </span>
  );
}

/** An internal link goes through the router; an external one opens a new tab. */
function SiteLink({ link, className, children }: { link: NavLink; className?: string; children?: ReactNode }) {
  if (link.external) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
        {children ?? link.label}
        <span className="sr-only"> (abre em nova aba)</span>
      </a>
    );
  }
  return (
    <Link to={link.href} className={className}>
      {children ?? link.label}
    </Link>
  );
}

function Header() {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-lg" aria-label="Operium, página inicial">
          <Logo />
        </Link>
        <nav aria-label="Menu principal" className="hidden xl:block">
          <ul className="flex items-center gap-1 text-sm font-medium">
            {mainNav.map((link) => {
              const current = !link.external && isCurrent(link.href, pathname);
              return (
                <li key={link.href}>
                  <SiteLink
                    link={link}
                    className={`inline-flex items-center gap-1 rounded-lg px-2.5 py-2 whitespace-nowrap ${
                      current ? 'bg-brand-50 text-brand-700' : 'text-ink hover:bg-slate-100'
                    }`}
                  >
                    {link.label}
                    {link.external && <Icon name="externalLink" className="h-3.5 w-3.5" />}
                  </SiteLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <SiteLink
            link={expertCta}
            className="hidden rounded-lg bg-chat-600 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-chat-700 xl:inline-flex"
          />
          <MobileMenu links={mainNav} cta={expertCta} currentPath={pathname} />
        </div>
      </div>
    </header>
  );
}

const SOCIALS = [
  { name: 'facebook', label: 'Facebook', href: site.social.facebook },
  { name: 'instagram', label: 'Instagram', href: site.social.instagram },
  { name: 'linkedin', label: 'LinkedIn', href: site.social.linkedin },
  { name: 'youtube', label: 'YouTube', href: site.social.youtube },
] as const;

function LinkList({ id, title, links }: { id: string; title: string; links: NavLink[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wide text-white uppercase">
        {title}
      </h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <SiteLink link={link} className="hover:text-white hover:underline" />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Footer() {
  const { pathname } = useLocation();
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="sr-only">
            Sobre a {site.name}
          </h2>
          <Logo tone="light" />
          <p className="mt-4 text-sm leading-relaxed">{site.blurb}</p>
          <ul className="mt-6 flex gap-3" aria-label="Redes sociais">
            {SOCIALS.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex rounded-lg bg-brand-800 p-2 text-white hover:bg-brand-700"
                >
                  <Icon name={social.name} label={`${social.label} (abre em nova aba)`} className="h-5 w-5" />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-sm font-semibold tracking-wide text-white uppercase">
            Contato
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {Object.values(site.phones).map((phone) => (
              <li key={phone.e164} className="flex items-center gap-2">
                <Icon name="phone" className="h-4 w-4 shrink-0" />
                <span>
                  {phone.label}:{' '}
                  <a className="hover:text-white hover:underline" href={telHref(phone)}>
                    {phone.display}
                  </a>
                </span>
              </li>
            ))}
            <li className="flex items-center gap-2">
              <Icon name="mail" className="h-4 w-4 shrink-0" />
              <a className="hover:text-white hover:underline" href={`mailto:${site.email}`}>
                {site.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Icon name="mapPin" className="mt-0.5 h-4 w-4 shrink-0" />
              <address className="not-italic">{formatAddress()}</address>
            </li>
          </ul>
        </section>

        <div className="grid grid-cols-2 gap-6">
          <LinkList id="footer-links" title={menus.footer_links.title} links={menus.footer_links.links} />
          <LinkList id="footer-resources" title={menus.footer_resources.title} links={menus.footer_resources.links} />
        </div>

        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="text-sm font-semibold tracking-wide text-white uppercase">
            Newsletter
          </h2>
          <p className="mt-4 mb-3 text-sm">Receba lançamentos, artigos técnicos e novidades da {site.name}.</p>
          <NewsletterForm buttonLabel="Inscrever" source={pathname} />
        </section>
      </div>

      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {site.legalName} Todos os direitos reservados.
          </p>
          <button type="button" data-cookie-reset className="self-start text-left underline hover:text-white sm:self-auto">
            Redefinir preferências de cookies
          </button>
        </div>
      </div>
    </footer>
  );
}

function ChatButton() {
  return (
    <a
      href={site.chat.link}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Fale conosco pelo chat (abre em nova aba)"
      className="group fixed right-4 bottom-4 z-40 flex items-center gap-2 rounded-full bg-chat-600 p-3.5 text-white shadow-lg transition hover:bg-chat-700 focus-visible:bg-chat-700"
    >
      <span className="pointer-events-none invisible absolute right-full mr-3 rounded-lg bg-ink px-3 py-1.5 text-sm font-medium whitespace-nowrap text-white opacity-0 shadow transition group-hover:visible group-hover:opacity-100 group-focus-visible:visible group-focus-visible:opacity-100">
        Fale conosco
      </span>
      <Icon name="chat" className="h-7 w-7" />
    </a>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#conteudo"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Pular para o conteúdo
      </a>
      <Header />
      <main id="conteudo" className="flex-1">
        {children}
      </main>
      <Footer />
      <ChatButton />
      <CookieConsent />
    </>
  );
}
