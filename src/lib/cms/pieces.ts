/**
 * What every page may show besides its own sections, as staff edit it in the admin:
 * the menus ('Menu'), the customer testimonials ('Depoimentos'), the frequently
 * asked questions ('Perguntas frequentes') and the partners ('Parceiros'). Without a CMS
 * (a build from git alone) they are what a fresh install seeds (shared/site-menus.json,
 * shared/site-testimonials.json, shared/site-faq.json, shared/site-partners.json), as the
 * pages are (src/lib/cms/loaders.ts pagesLoader).
 */
import type { Loader } from 'astro/loaders';
import seedMenus from '../../../shared/site-menus.json';
import seedTestimonials from '../../../shared/site-testimonials.json';
import seedFaq from '../../../shared/site-faq.json';
import seedPartners from '../../../shared/site-partners.json';
import { cmsLoader, type SourceEntry } from './loaders';
import { responsiveMediaImage, type ResponsiveMediaImage } from './media-images';
import type { FaqRecord, PartnerRecord, TestimonialRecord } from './piece-records';
import { menuLinks, type MenuItemRecord } from '../site/menus';

/** A menu item as stored, with every key (a hand-made record may miss some). */
function itemOf(item: unknown): MenuItemRecord {
  const value = (item && typeof item === 'object' ? item : {}) as Partial<MenuItemRecord>;
  return {
    label: String(value.label ?? ''),
    page: String(value.page ?? ''),
    url: String(value.url ?? ''),
    new_tab: value.new_tab === true,
  };
}

/** The menus, each entry's id its key: a column title and its links, page links resolved to the pages' addresses. */
export function menusLoader(url: string | undefined): Loader {
  return cmsLoader(
    'operium-cms-menus',
    url,
    ({ pieces }) =>
      pieces.menus.map((menu): SourceEntry => ({
        id: menu.key,
        origin: { collection: 'menus', id: menu.id, label: menu.key },
        data: {
          title: menu.title,
          links: menuLinks(Array.isArray(menu.items) ? menu.items.map(itemOf) : [], pieces.pages),
        },
      })),
    () =>
      seedMenus.menus.map((menu) => ({
        id: menu.key,
        data: {
          title: menu.title,
          links: menuLinks(
            menu.items.map((item) => ({
              label: item.label,
              page: '',
              url: item.path,
              new_tab: 'new_tab' in item && item.new_tab === true,
            })),
            [],
          ),
        },
      })),
  );
}

/** The testimonials; the entry id is the record's (the seed's own id without a CMS). */
export function testimonialsLoader(url: string | undefined): Loader {
  const entry = (id: string, testimonial: Omit<TestimonialRecord, 'id' | 'role'> & { role?: string }) => ({
    id,
    data: {
      name: testimonial.name,
      company: testimonial.company,
      ...(testimonial.role ? { role: testimonial.role } : {}),
      quote: testimonial.quote,
      page: testimonial.page,
      order: testimonial.order,
    },
  });
  return cmsLoader(
    'operium-cms-testimonials',
    url,
    ({ pieces }) =>
      pieces.testimonials.map((testimonial) => ({
        ...entry(testimonial.id, testimonial),
        origin: { collection: 'testimonials', id: testimonial.id, label: testimonial.name },
      })),
    () => seedTestimonials.map((testimonial) => entry(testimonial.id, testimonial)),
  );
}

/** The FAQ entries; the entry id is the record's (the seed's own id without a CMS). */
export function faqLoader(url: string | undefined): Loader {
  const entry = (id: string, { question, answer, order }: Omit<FaqRecord, 'id'>) => ({ id, data: { question, answer, order } });
  return cmsLoader(
    'operium-cms-faq',
    url,
    ({ pieces }) =>
      pieces.faq.map((item) => ({
        ...entry(item.id, item),
        origin: { collection: 'faq_entries', id: item.id, label: item.question },
      })),
    () => seedFaq.map((item) => entry(item.id, item)),
  );
}

/**
 * The partners; the entry id is the record's (the seed's own id without a CMS). A logo
 * from Mídia is described with its size and thumbnails (`image`, as a page's hero image
 * is: src/lib/cms/section-fields.ts); one of the site's own files is kept as its path
 * under src/assets (`builtin`), which src/lib/catalog/catalog.ts resolves. A Mídia image
 * gone for good leaves the partner without a logo: the collection's schema then leaves it
 * out of the build, named in the publication's log.
 */
export function partnersLoader(url: string | undefined): Loader {
  const entry = (partner: Omit<PartnerRecord, 'logo'>, image: ResponsiveMediaImage | null) => ({
    id: partner.id,
    data: {
      name: partner.name,
      fullName: partner.full_name,
      kind: partner.kind,
      order: partner.order,
      ...(image ? { image } : partner.builtin_logo ? { builtin: partner.builtin_logo } : {}),
    },
  });
  return cmsLoader(
    'operium-cms-partners',
    url,
    ({ pieces }, media) =>
      Promise.all(
        pieces.partners.map(async (partner) => {
          const facts = partner.logo ? await media.byId(partner.logo) : null;
          return {
            ...entry(partner, facts ? responsiveMediaImage(facts, media.filesUrl) : null),
            origin: { collection: 'partners' as const, id: partner.id, label: partner.name },
          };
        }),
      ),
    () => seedPartners.map((partner) => entry(partner, null)),
  );
}
