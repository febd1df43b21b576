/**
 * schema.org structured data (JSON-LD) for the pages that search engines describe
 * richly: the company (home), products, articles, breadcrumbs and the FAQ. Every
 * URL is absolute on the site's canonical origin (Astro.site).
 */
import { site, type Site } from '../../config/site';
import { formatIsoMoment } from '../format';

type Json = Record<string, unknown>;

/** Google cuts longer article headlines. */
export const MAX_HEADLINE = 110;

/** The logo search engines show for the company (a square raster image of at least 112 px). */
export const LOGO = { path: '/apple-touch-icon.png', width: 180, height: 180 };

/** An absolute URL on the canonical origin. */
export function absoluteUrl(pathOrUrl: string, origin: URL | string): string {
  return new URL(pathOrUrl, origin).href;
}

function logoOf(origin: URL | string): Json {
  return { '@type': 'ImageObject', url: absoluteUrl(LOGO.path, origin), width: LOGO.width, height: LOGO.height };
}

/** The company as a publisher or manufacturer: name, address and logo. */
function organizationRef(origin: URL | string): Json {
  return { '@type': 'Organization', name: site.legalName, url: absoluteUrl('/', origin), logo: logoOf(origin) };
}

/**
 * The company: identity, address, phones per purpose and social profiles.
 * @param identity the identity with the CMS's settings (src/lib/site/site-settings.ts)
 */
export function organizationLd(origin: URL | string, identity: Site = site): Json {
  const { address, phones } = identity;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': absoluteUrl('/#organizacao', origin),
    name: identity.name,
    legalName: identity.legalName,
    url: absoluteUrl('/', origin),
    logo: logoOf(origin),
    description: identity.description,
    email: identity.email,
    telephone: phones.general.e164,
    foundingDate: String(identity.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.postalCode,
      addressCountry: 'BR',
    },
    contactPoint: [
      { phone: phones.general, contactType: 'customer service' },
      { phone: phones.commercial, contactType: 'sales' },
      { phone: phones.support, contactType: 'technical support' },
    ].map(({ phone, contactType }) => ({
      '@type': 'ContactPoint',
      telephone: phone.e164,
      contactType,
      areaServed: 'BR',
      availableLanguage: 'Portuguese',
    })),
    sameAs: Object.values(identity.social),
  };
}

export interface ProductFacts {
  name: string;
  model: string;
  description: string;
  /** The product line's name, e.g. "Linha S". */
  category: string;
  /** Root-relative or absolute image URLs, the main one first. */
  images: string[];
  /** The product page's path, e.g. /produtos/ops010. */
  path: string;
}

/** A product sold on quote: no price, so no offer (schema.org leaves offers optional). */
export function productLd(product: ProductFacts, origin: URL | string): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    model: product.model,
    sku: product.model,
    mpn: product.model,
    description: product.description,
    category: product.category,
    image: product.images.map((image) => absoluteUrl(image, origin)),
    url: absoluteUrl(product.path, origin),
    brand: { '@type': 'Brand', name: site.name },
    manufacturer: organizationRef(origin),
  };
}

/**
 * A headline of at most MAX_HEADLINE characters, cut at a word with an ellipsis.
 * @example headline('Um título curto') // 'Um título curto'
 */
export function headline(title: string): string {
  if (title.length <= MAX_HEADLINE) return title;
  const cut = title.slice(0, MAX_HEADLINE - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > MAX_HEADLINE / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

export interface ArticleFacts {
  title: string;
  description: string;
  /** Root-relative or absolute cover URL. */
  image: string;
  author: string;
  /** Declared in ISO 8601 with Brasília's offset. */
  published: Date;
  modified?: Date;
  section: string;
  tags: string[];
  /** The article's path, e.g. /blog/funcao-map-no-arduino. */
  path: string;
}

export function blogPostingLd(article: ArticleFacts, origin: URL | string): Json {
  const url = absoluteUrl(article.path, origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: headline(article.title),
    description: article.description,
    image: absoluteUrl(article.image, origin),
    datePublished: formatIsoMoment(article.published),
    dateModified: formatIsoMoment(article.modified ?? article.published),
    author: { '@type': 'Person', name: article.author },
    publisher: organizationRef(origin),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    articleSection: article.section,
    ...(article.tags.length > 0 ? { keywords: article.tags.join(', ') } : {}),
    inLanguage: site.locale,
  };
}

/** One step of a breadcrumb trail: its visible name and its path (or URL). */
export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbLd(trail: Crumb[], origin: URL | string): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, origin),
    })),
  };
}

export interface FaqItem {
  question: string;
  answer: string;
}

export function faqPageLd(items: FaqItem[]): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
