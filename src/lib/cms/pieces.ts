/**
 * What every page may show besides its own sections, as staff edit it in the admin:
 * the menus ('Menu'), the customer testimonials ('Depoimentos') and the frequently
 * asked questions ('Perguntas frequentes'). Without a CMS (a build from git alone) they
 * are what a fresh install seeds (shared/site-menus.json, shared/site-testimonials.json,
 * shared/site-faq.json), as the pages are (src/lib/cms/loaders.ts pagesLoader).
 */
import type { Loader } from 'astro/loaders';
import seedMenus from '../../../shared/site-menus.json';
import seedTestimonials from '../../../shared/site-testimonials.json';
import seedFaq from '../../../shared/site-faq.json';
import { cmsLoader, type SourceEntry } from './loaders';
import type { FaqRecord, TestimonialRecord } from './piece-records';
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
