/**
 * The pieces every page may show besides its own sections (the menus, the testimonials,
 * the FAQ entries, the partners) as PocketBase returns them, read once with the rest of the CMS's
 * content (src/lib/cms/loaders.ts readCmsContent); their loaders are in
 * src/lib/cms/pieces.ts.
 */
import { cmsClient, readCms } from './client';
import type { MenuKey } from '../site/menus';

export interface MenuRecord {
  id: string;
  key: MenuKey;
  title: string;
  items: unknown;
}

export interface TestimonialRecord {
  id: string;
  name: string;
  company: string;
  role: string;
  quote: string;
  page: string;
  order: number;
}

export interface FaqRecord {
  id: string;
  question: string;
  answer: string;
  order: number;
}

export interface PartnerRecord {
  id: string;
  name: string;
  full_name: string;
  kind: string;
  order: number;
  /** A Mídia image's record id, or "". */
  logo: string;
  /** One of the site's own logo files, as a path under src/assets, or "". */
  builtin_logo: string;
}

/** A published page as a menu's link needs it (pb_hooks/lib/menus/menus.js keeps menus pointing at pages). */
interface LinkedPageRecord {
  id: string;
  slug: string;
  is_homepage: boolean;
}

export interface CmsPieces {
  menus: MenuRecord[];
  /** The published pages' ids and addresses, for the menus' page links. */
  pages: LinkedPageRecord[];
  testimonials: TestimonialRecord[];
  faq: FaqRecord[];
  partners: PartnerRecord[];
}

/** The menus, testimonials, FAQ entries and partners, and what the menus link to. */
export async function fetchPieces(url: string): Promise<CmsPieces> {
  const pb = cmsClient(url);
  return {
    menus: await readCms(pb, 'os menus', () =>
      pb.collection('menus').getFullList<MenuRecord>({ batch: 10, fields: 'id,key,title,items' }),
    ),
    pages: await readCms(pb, 'as páginas dos menus', () =>
      pb.collection('pages').getFullList<LinkedPageRecord>({
        batch: 500,
        filter: pb.filter('status = {:status}', { status: 'published' }),
        fields: 'id,slug,is_homepage',
      }),
    ),
    testimonials: await readCms(pb, 'os depoimentos', () =>
      pb.collection('testimonials').getFullList<TestimonialRecord>({ batch: 200, sort: 'order' }),
    ),
    faq: await readCms(pb, 'as perguntas frequentes', () =>
      pb.collection('faq_entries').getFullList<FaqRecord>({ batch: 200, sort: 'order' }),
    ),
    partners: await readCms(pb, 'os parceiros', () =>
      pb.collection('partners').getFullList<PartnerRecord>({
        batch: 200,
        sort: 'order',
        fields: 'id,name,full_name,kind,order,logo,builtin_logo',
      }),
    ),
  };
}
