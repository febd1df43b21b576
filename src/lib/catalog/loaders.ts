/**
 * The catalogue's content loaders (src/content.config.ts): product lines, products,
 * datasheets and software downloads from the records staff edit ('Linhas', 'Produtos',
 * 'Datasheets', 'Softwares'), each entry's id its slug, so the site's addresses
 * (/produtos/{slug}, /produtos/linha/{slug}) and its references between entries read as
 * they did when the catalogue was git files. Without a CMS (a build from git alone) they
 * are what a fresh install seeds (shared/site-catalog.json), as the pages are.
 *
 * An image is a Mídia image, described with its size and thumbnails
 * (src/lib/cms/media-images.ts), or one of the site's own files under src/assets, kept as
 * its path (src/lib/catalog/images.ts resolves it). A Mídia image gone for good leaves
 * its product with fewer images; the collection's schema may then leave the product
 * out of the build, named in the publication's log (src/lib/cms/left-out.ts).
 */
import type { Loader } from 'astro/loaders';
import seed from '../../../shared/site-catalog.json';
import { cmsLoader, type SourceEntry } from '../cms/loaders';
import type { MediaImagesReader } from '../cms/images';
import { responsiveMediaImage } from '../cms/media-images';
import type { CatalogImageData } from './images';
import type { CatalogImageRecord, LineRecord, ProductRecord } from './records';

/** A JSON list of texts as stored (a hand-made record may hold anything). */
function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** What the catalogue reads of the media library: a record's facts by id, and where its files are served. */
type MediaById = Pick<MediaImagesReader, 'byId' | 'filesUrl'>;

/** An image of a record as the site's data: the Mídia image described, or the site's own file's path. */
async function imageData({ image, builtin }: CatalogImageRecord, media: MediaById | undefined): Promise<CatalogImageData | null> {
  const id = String(image ?? '').trim();
  if (id && media) {
    const facts = await media.byId(id);
    return facts ? { media: responsiveMediaImage(facts, media.filesUrl) } : null;
  }
  const path = String(builtin ?? '').trim();
  return path ? { builtin: path } : null;
}

type LineSource = Omit<LineRecord, 'id' | 'image' | 'long_description' | 'esp32_module'> & {
  image?: string;
  long_description?: string;
  esp32_module?: string;
};

async function lineEntry(line: LineSource, media?: MediaImagesReader): Promise<SourceEntry> {
  const image = await imageData({ image: line.image, builtin: line.builtin_image }, media);
  return {
    id: line.slug,
    data: {
      name: line.name,
      title: line.title,
      iconText: line.icon_text,
      family: line.family,
      description: line.description,
      ...(line.long_description ? { longDescription: line.long_description } : {}),
      ...(line.esp32_module ? { esp32Module: line.esp32_module } : {}),
      ...(image ? { image } : {}),
      imageAlt: line.image_alt,
      color: line.color,
      featured: line.featured,
      order: line.order,
    },
  };
}

export type ProductSource = Omit<ProductRecord, 'id' | 'datasheet' | 'related' | 'catalogue_specs'> & {
  catalogue_specs?: unknown;
  /** Slugs, already resolved. */
  datasheet?: string;
  related: string[];
};

/** A product as its collection's entry (also the admin's preview's, src/components/products/ProductPreview.astro). */
export async function productEntry(product: ProductSource, media?: MediaById): Promise<SourceEntry> {
  const images = [];
  for (const image of Array.isArray(product.images) ? (product.images as CatalogImageRecord[]) : []) {
    const data = image && typeof image === 'object' ? await imageData(image, media) : null;
    if (data) images.push({ ...data, alt: String(image.alt ?? '') });
  }
  const catalogueSpecs = texts(product.catalogue_specs);
  return {
    id: product.slug,
    data: {
      model: product.model,
      name: product.name,
      line: product.line,
      order: product.order,
      description: product.description,
      tagline: product.tagline,
      specs: texts(product.specs),
      ...(catalogueSpecs.length ? { catalogueSpecs } : {}),
      keyFeatures: texts(product.key_features),
      applications: texts(product.applications),
      images,
      ...(product.datasheet ? { datasheet: product.datasheet } : {}),
      related: product.related,
      oldSlugs: texts(product.old_slugs),
    },
  };
}

/** Slugs by record id, for the references between entries. */
const slugsById = (records: { id: string; slug: string }[]) => new Map(records.map((record) => [record.id, record.slug]));

/** The product lines; an entry's id is the line's slug. */
export function linesLoader(url: string | undefined): Loader {
  return cmsLoader(
    'operium-cms-product-lines',
    url,
    ({ catalog }, media) =>
      Promise.all(
        catalog.lines.map(async (line) => ({
          ...(await lineEntry(line, media)),
          origin: { collection: 'product_lines' as const, id: line.id, label: line.name },
        })),
      ),
    () => Promise.all(seed.lines.map((line) => lineEntry(line))),
  );
}

/** The published products; an entry's id is the product's slug, its line, datasheet and related products by slug. */
export function productsLoader(url: string | undefined): Loader {
  return cmsLoader(
    'operium-cms-products',
    url,
    ({ catalog }, media) => {
      const lines = slugsById(catalog.lines);
      const sheets = slugsById(catalog.datasheets);
      // Only published products are read: a draft related product is left out of the list.
      const products = slugsById(catalog.products);
      return Promise.all(
        catalog.products.map(async (product) => ({
          ...(await productEntry(
            {
              ...product,
              line: lines.get(product.line) ?? '',
              datasheet: sheets.get(product.datasheet) ?? '',
              related: (product.related ?? []).flatMap((id) => products.get(id) ?? []),
            },
            media,
          )),
          origin: { collection: 'products' as const, id: product.id, label: product.model },
        })),
      );
    },
    () => Promise.all(seed.products.filter((product) => product.status === 'published').map((product) => productEntry(product))),
  );
}

/** The datasheets; an entry's id is the datasheet's slug. */
export function datasheetsLoader(url: string | undefined): Loader {
  const entry = ({ slug, name, description, url: address, order }: (typeof seed.datasheets)[number]) => ({
    id: slug,
    data: { name, description, url: address, order },
  });
  return cmsLoader(
    'operium-cms-datasheets',
    url,
    ({ catalog }) =>
      catalog.datasheets.map((sheet) => ({
        ...entry(sheet),
        origin: { collection: 'datasheets' as const, id: sheet.id, label: sheet.name },
      })),
    () => seed.datasheets.map(entry),
  );
}

/** The software downloads; an entry's id is the software's slug. */
export function softwareLoader(url: string | undefined): Loader {
  const entry = ({ slug, name, description, url: address, category, order }: (typeof seed.software)[number]) => ({
    id: slug,
    data: { name, description, url: address, category, order },
  });
  return cmsLoader(
    'operium-cms-software',
    url,
    ({ catalog }) =>
      catalog.software.map((item) => ({
        ...entry(item),
        origin: { collection: 'software' as const, id: item.id, label: item.name },
      })),
    () => seed.software.map(entry),
  );
}
