/**
 * The catalogue as PocketBase returns it (product lines, published products, datasheets,
 * software; shared/catalog.js), read once with the rest of the CMS's content
 * (src/lib/cms/loaders.ts readCmsContent); its loaders are in src/lib/catalog/loaders.ts.
 */
import { cmsClient, readCms } from '../cms/client';

/** An image as a catalogue record holds it: a Mídia record's id or a path under src/assets. */
export interface CatalogImageRecord {
  image?: string;
  builtin?: string;
  alt?: string;
}

export interface LineRecord {
  id: string;
  slug: string;
  name: string;
  title: string;
  icon_text: string;
  family: string;
  description: string;
  long_description: string;
  esp32_module: string;
  image: string;
  builtin_image: string;
  image_alt: string;
  color: string;
  featured: boolean;
  order: number;
}

export interface ProductRecord {
  id: string;
  slug: string;
  model: string;
  name: string;
  /** A line record's id. */
  line: string;
  order: number;
  description: string;
  tagline: string;
  specs: unknown;
  catalogue_specs: unknown;
  key_features: unknown;
  applications: unknown;
  images: unknown;
  /** A datasheet record's id, or "". */
  datasheet: string;
  /** Product records' ids. */
  related: string[];
  /** The addresses a published product had before a rename, redirected to its own (pb_hooks/lib/common/old-slugs.js). */
  old_slugs?: unknown;
}

export interface DatasheetRecord {
  id: string;
  slug: string;
  name: string;
  description: string;
  url: string;
  order: number;
}

export interface SoftwareRecord {
  id: string;
  slug: string;
  name: string;
  description: string;
  url: string;
  category: string;
  order: number;
}

export interface CmsCatalog {
  lines: LineRecord[];
  /** The published products only. */
  products: ProductRecord[];
  datasheets: DatasheetRecord[];
  software: SoftwareRecord[];
}

/** The catalogue's records. */
export async function fetchCatalog(url: string): Promise<CmsCatalog> {
  const pb = cmsClient(url);
  return {
    lines: await readCms(pb, 'as linhas de produtos', () =>
      pb.collection('product_lines').getFullList<LineRecord>({ batch: 200, sort: 'order' }),
    ),
    products: await readCms(pb, 'os produtos', () =>
      pb.collection('products').getFullList<ProductRecord>({
        batch: 500,
        sort: 'order',
        filter: pb.filter('status = {:status}', { status: 'published' }),
      }),
    ),
    datasheets: await readCms(pb, 'os datasheets', () =>
      pb.collection('datasheets').getFullList<DatasheetRecord>({ batch: 500, sort: 'order' }),
    ),
    software: await readCms(pb, 'os softwares', () =>
      pb.collection('software').getFullList<SoftwareRecord>({ batch: 500, sort: 'order' }),
    ),
  };
}
