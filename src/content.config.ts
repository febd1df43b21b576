/**
 * Content collections: the data the public pages are built from. Every page reads
 * these through the query modules in src/lib/, never repeating a literal. A data
 * file that breaks a schema fails the build with the field and the reason.
 */
import { defineCollection, reference } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { blogLoader } from './lib/blog/loader';
import { commentsLoader, pagesLoader, settingsLoader } from './lib/cms/loaders';
import { faqLoader, menusLoader, partnersLoader, testimonialsLoader } from './lib/cms/pieces';
import { commentSchema } from './lib/cms/comments';
import { PUBLIC_SETTING_KEYS } from './config/site';
import { settingError } from './admin/settings/settingsRules';
import { articleFields, pageSchema } from './lib/cms/content-rules';
import { z } from 'astro/zod';
import { TESTIMONIAL_GROUPS } from '../shared/page-sections.js';
import { PIECES } from '../shared/site-pieces.js';
import { MENU_URL_PATTERN } from '../shared/menus.js';
import { SITE_ASSET_PATH_PATTERN } from '../shared/site-assets.js';
import { CATALOG, CATALOG_COLOR_PATTERN, SOFTWARE_CATEGORIES } from '../shared/catalog.js';
import { datasheetsLoader, linesLoader, productsLoader, softwareLoader } from './lib/catalog/loaders';
import { catalogImageSchema } from './lib/catalog/images';

const externalUrl = z.url({ protocol: /^https$/, error: 'use um endereço https://' });
const text = (min = 1, max = 400) => z.string().min(min).max(max);
/** A text of a piece the pages share, with its limits from shared/site-pieces.js. */
const piece = ({ min, max }: { min: number; max: number }) => text(min, max);

/** The CMS this build reads (posts, pages, settings); without it, git content only. */
const pocketBaseUrl = process.env.POCKETBASE_URL;

/** A catalogue record's field, with its limits (shared/catalog.js). */
const catalogField = <K extends keyof typeof CATALOG>(kind: K, name: string) =>
  (CATALOG[kind].fields as Record<string, { min?: number; max?: number }>)[name]!;
/** A text of the catalogue, with its limits from shared/catalog.js. */
const catalogText = (kind: keyof typeof CATALOG, name: string) => {
  const { min = 1, max = 500 } = catalogField(kind, name);
  return text(min, max);
};
/** A list of texts of the catalogue, with its limits from shared/catalog.js. */
const catalogList = (kind: keyof typeof CATALOG, name: string) => {
  const field = catalogField(kind, name) as { min: number; max: number; itemMin: number; itemMax: number };
  return z.array(text(field.itemMin, field.itemMax)).min(field.min).max(field.max);
};
const productImages = catalogField('products', 'images') as { min: number; max: number; altMin: number; altMax: number };

/**
 * Product lines (families; 'Linhas' in the admin, src/lib/catalog/loaders.ts). The id
 * names the line's page, `/produtos/linha/{id}`.
 */
const lines = defineCollection({
  loader: linesLoader(pocketBaseUrl),
  schema: z.object({
    name: catalogText('product_lines', 'name'),
    /** Heading of the line in the digital catalogue. */
    title: catalogText('product_lines', 'title'),
    /** The letter shown in the line's icon badge. */
    iconText: catalogText('product_lines', 'icon_text'),
    /** Family badge of its products (OPS, OPM, OPX, OPE). */
    family: catalogText('product_lines', 'family'),
    description: catalogText('product_lines', 'description'),
    /** Absent for lines without one (ope): pages then show the generic fallback sentence. */
    longDescription: catalogText('product_lines', 'long_description').optional(),
    /** Which ESP32 module the line's boards take (bought separately); absent for accessories. */
    esp32Module: catalogText('product_lines', 'esp32_module').optional(),
    image: catalogImageSchema,
    imageAlt: catalogText('product_lines', 'image_alt'),
    color: z.string().regex(new RegExp(CATALOG_COLOR_PATTERN), 'cor em hexadecimal, por exemplo #0b3d6e'),
    /** Featured lines get the highlighted card on the home page. */
    featured: z.boolean(),
    order: z.number().int().positive(),
  }),
});

/** Datasheet cards (/referencias/datasheets; 'Datasheets' in the admin); products link to theirs. */
const datasheets = defineCollection({
  loader: datasheetsLoader(pocketBaseUrl),
  schema: z.object({
    /** The card's name as printed on it (OPS150, not OPS0150). */
    name: catalogText('datasheets', 'name'),
    /** I/O summary. */
    description: catalogText('datasheets', 'description'),
    url: externalUrl,
    order: z.number().int().positive(),
  }),
});

/** Products ('Produtos' in the admin; published ones only). Routes are /produtos/{id}. */
const products = defineCollection({
  loader: productsLoader(pocketBaseUrl),
  schema: z.object({
    model: catalogText('products', 'model'),
    name: catalogText('products', 'name'),
    line: reference('lines'),
    /** Position inside its line. */
    order: z.number().int().positive(),
    /** Short description for cards (listing and catalogue). */
    description: catalogText('products', 'description'),
    tagline: catalogText('products', 'tagline'),
    /** Technical specifications, as listed on the product page and the listing. */
    specs: catalogList('products', 'specs'),
    /** Where the catalogue states the specifications differently (kept as stated). */
    catalogueSpecs: catalogList('products', 'catalogue_specs').optional(),
    keyFeatures: catalogList('products', 'key_features'),
    /** Industrial applications (tags in the catalogue, list on the product page). */
    applications: catalogList('products', 'applications'),
    images: z
      .array(z.intersection(catalogImageSchema, z.object({ alt: text(productImages.altMin, productImages.altMax) })))
      .min(productImages.min, `cada produto tem de ${productImages.min} a ${productImages.max} imagens`)
      .max(productImages.max, `cada produto tem de ${productImages.min} a ${productImages.max} imagens`),
    datasheet: reference('datasheets').optional(),
    /** Up to three; a related product not published is left out. */
    related: z.array(reference('products')).max(3),
    /** Its addresses before a rename, each redirected (301) to its page (src/lib/catalog/catalog.ts movedProducts). */
    oldSlugs: z.array(z.string()).default([]),
  }),
});

/**
 * Partner organisations and their logos ('Parceiros'; src/lib/cms/pieces.ts), shown by the
 * `partners` sections. A logo is a Mídia image or one of the site's own files: the SVGs
 * in src/assets/partners are stand-in marks drawn from each name, which the organisations'
 * own logo files replace under the same names once the company has the right to use them.
 */
const partners = defineCollection({
  loader: partnersLoader(pocketBaseUrl),
  schema: z
    .object({
      /** Short name, as in the logo. */
      name: piece(PIECES.partners.fields.name),
      /** The logo's alternative text. */
      fullName: piece(PIECES.partners.fields.full_name),
      /** What the organisation is, e.g. "Federação industrial". */
      kind: piece(PIECES.partners.fields.kind),
      order: z.number().int().positive(),
      /** The Mídia logo, described (src/lib/cms/media-images.ts). */
      image: z
        .object({
          src: z.string(),
          width: z.number().optional(),
          height: z.number().optional(),
          srcset: z.string().optional(),
          sizes: z.string().optional(),
        })
        .optional(),
      /** One of the site's own logo files, as a path under src/assets (partners/fiesc.svg). */
      builtin: z.string().regex(new RegExp(SITE_ASSET_PATH_PATTERN)).optional(),
    })
    .refine((partner) => partner.image || partner.builtin, 'o parceiro não tem logotipo (a imagem saiu da Mídia)'),
});

/** Software downloads (/referencias/softwares; 'Softwares' in the admin), grouped by category. */
const software = defineCollection({
  loader: softwareLoader(pocketBaseUrl),
  schema: z.object({
    name: catalogText('software', 'name'),
    description: catalogText('software', 'description'),
    url: externalUrl,
    category: z.enum(SOFTWARE_CATEGORIES as [string, ...string[]]),
    order: z.number().int().positive(),
  }),
});

/** Customer testimonials ('Depoimentos'; src/lib/cms/pieces.ts): the `testimonials` sections show a page's list. */
const testimonials = defineCollection({
  loader: testimonialsLoader(pocketBaseUrl),
  schema: z.object({
    name: piece(PIECES.testimonials.fields.name),
    /** Company or its sector, e.g. "Indústria de embalagens". */
    company: piece(PIECES.testimonials.fields.company),
    role: piece(PIECES.testimonials.fields.role).optional(),
    quote: piece(PIECES.testimonials.fields.quote),
    page: z.enum(TESTIMONIAL_GROUPS.map((group) => group.value) as [string, ...string[]]),
    order: z.number().int().positive(),
  }),
});

/** The frequently asked questions ('Perguntas frequentes'; src/lib/cms/pieces.ts), shown by the `faq` sections. */
const faq = defineCollection({
  loader: faqLoader(pocketBaseUrl),
  schema: z.object({
    question: piece(PIECES.faq_entries.fields.question),
    answer: piece(PIECES.faq_entries.fields.answer),
    order: z.number().int().positive(),
  }),
});

/** E-mail signature templates (/assinaturas-email). */
const signatures = defineCollection({
  loader: file('src/content/signatures.json'),
  schema: z.object({
    title: text(3, 60),
    description: text(10, 200),
    /** Self-contained e-mail HTML (tables, inline styles), previewed in a frame: no scripts or handlers. */
    html: z
      .string()
      .min(100)
      .max(6000)
      .refine(
        (html) => !/<\s*script|\son[a-z]+\s*=|javascript:/i.test(html),
        'a assinatura não pode ter scripts nem atributos on*',
      ),
    order: z.number().int().positive(),
  }),
});

/** Long-form institutional pages written in Markdown (privacy policy). */
const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: 'src/content/legal' }),
  schema: z.object({ title: text(5, 120), description: text(50, 200), updated: z.coerce.date() }),
});

/**
 * Blog articles: MDX files in git plus the posts published in the admin (see
 * src/lib/blog/loader.ts). The entry id is the slug. Dates: `date` is the publication
 * day, `publishedAt` the moment when known (CMS), `updated` the last update's day
 * (articleFields in src/lib/cms/content-rules.ts).
 */
const blog = defineCollection({
  loader: blogLoader({ base: 'src/content/blog', pocketBaseUrl }),
  schema: ({ image }) =>
    z.object({
      /** The numeric id of the MDX articles; CMS posts have their own cmsId. */
      id: z.number().int().positive().optional(),
      ...articleFields,
      /** Cover of an MDX article (local, optimised by Astro). */
      image: image().optional(),
      /** Cover of a CMS post: a PocketBase file URL, root-relative when the API shares the site's origin. */
      coverUrl: z
        .string()
        .regex(/^(https?:\/\/|\/[^/])/, 'URL absoluta ou a partir da raiz do site')
        .optional(),
      source: z.enum(['mdx', 'cms']).default('mdx'),
      cmsId: z.string().optional(),
    }),
});

/**
 * Public settings staff edit in the admin, over src/config/site.ts's defaults (read
 * through src/lib/site/site-settings.ts). The entry id is the key; checked by the admin's
 * own rules (src/admin/settings/settingsRules.ts).
 */
const cmsSettings = defineCollection({
  loader: settingsLoader(pocketBaseUrl),
  schema: z.object({ key: z.enum(PUBLIC_SETTING_KEYS), value: z.string().min(1) }).superRefine(({ key, value }, context) => {
    const error = settingError(key, value);
    if (error) context.addIssue({ code: 'custom', path: ['value'], message: error });
  }),
});

/**
 * The site's pages, made of typed sections (src/lib/cms/pages.ts): published in the
 * admin, or the seed of a fresh install in a build without a CMS. The entry id is the
 * slug; limits from the content rules and shared/page-sections.js.
 */
const cmsPages = defineCollection({
  loader: pagesLoader(pocketBaseUrl),
  schema: pageSchema,
});

/** Visitors' comments approved in the admin, shown on their article's page. */
const cmsComments = defineCollection({
  loader: commentsLoader(pocketBaseUrl),
  schema: commentSchema,
});

/** The header's links and the footer's two columns ('Menu'; src/lib/cms/pieces.ts); the entry id is the menu's key. */
const cmsMenus = defineCollection({
  loader: menusLoader(pocketBaseUrl),
  schema: z.object({
    title: z.string().max(40),
    // The hooks check every save (pb_hooks/lib/menus/menus.js); the build checks again, so
    // a record written around them never puts a script or another site's link in the header.
    links: z.array(
      z.object({
        label: text(1, 40),
        href: z.string().max(500).regex(new RegExp(MENU_URL_PATTERN)),
        external: z.boolean().optional(),
      }),
    ),
  }),
});

export const collections = {
  cmsMenus,
  blog,
  cmsSettings,
  cmsPages,
  cmsComments,
  lines,
  products,
  datasheets,
  partners,
  software,
  testimonials,
  faq,
  signatures,
  legal,
};
