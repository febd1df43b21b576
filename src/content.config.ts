/**
 * Content collections: the data the public pages are built from. Every page reads
 * these through the query modules in src/lib/, never repeating a literal.
 */
import { defineCollection, reference } from 'astro:content';
import { file } from 'astro/loaders';
import { z } from 'astro/zod';

const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i, 'cor em hexadecimal, por exemplo #0b3d6e');

/** Product lines (families). The id is the value of `/produtos?category=`. */
const lines = defineCollection({
  loader: file('src/content/lines.json'),
  schema: ({ image }) =>
    z.object({
      name: z.string().min(1),
      /** The letter shown in the line's icon badge. */
      iconText: z.string().min(1).max(2),
      /** Family badge of its products (OPS, OPM, OPX, OPE). */
      family: z.string().min(2).max(4),
      description: z.string().min(20).max(220),
      image: image(),
      imageAlt: z.string().min(10),
      color: hexColor,
      /** Featured lines get the larger card on the home page. */
      featured: z.boolean(),
      order: z.number().int().positive(),
    }),
});

/** Products; the detail fields come with the product pages. */
const products = defineCollection({
  loader: file('src/content/products.json'),
  schema: z.object({
    model: z.string().min(1),
    name: z.string().min(1),
    line: reference('lines'),
    /** Position inside its line. */
    order: z.number().int().positive(),
  }),
});

/** Partner organisations shown as neutral text wordmarks. */
const partners = defineCollection({
  loader: file('src/content/partners.json'),
  schema: z.object({
    /** Short wordmark text. */
    name: z.string().min(2).max(20),
    fullName: z.string().min(3),
    kind: z.string().min(3),
    order: z.number().int().positive(),
  }),
});

export const collections = { lines, products, partners };
