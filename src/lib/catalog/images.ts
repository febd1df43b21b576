/**
 * The catalogue's images as pages show them. A product's or line's image is a Mídia image
 * (described by the loader with its size and PocketBase's thumbnails) or one of the site's
 * own files under src/assets (the seeded ones), which Astro optimises as before
 * (src/lib/site/site-assets.ts). The two shapes meet here, so the pages need not tell them apart.
 */
import { z } from 'astro/zod';
import type { ResponsiveMediaImage } from '../cms/media-images';
import { responsiveImages, type ResponsiveImage } from '../site/images';
import { siteAsset } from '../site/site-assets';

/** A catalogue image in the site's data: exactly one of the two. */
export type CatalogImageData = { builtin: string; media?: undefined } | { media: ResponsiveMediaImage; builtin?: undefined };

/** The schema of a catalogue image in the site's collections (src/content.config.ts). */
export const catalogImageSchema = z.union([
  z.object({ builtin: z.string().min(1) }).strict(),
  z
    .object({
      media: z.object({
        src: z.string(),
        // A Mídia image without a known size is not shown: the page would shift as it loads.
        width: z.number().positive(),
        height: z.number().positive(),
        srcset: z.string().optional(),
        sizes: z.string().optional(),
      }),
    })
    .strict(),
]);

/**
 * Responsive images of a product's pictures, for the carousel and the page's metadata.
 * @param owner who shows them, for a missing file's error ('Produto OPS010')
 */
export async function catalogImages(
  images: (CatalogImageData & { alt: string })[],
  sizes: string,
  owner: string,
): Promise<ResponsiveImage[]> {
  return Promise.all(
    images.map(async (image) => {
      if (image.media) {
        const { src, srcset, width, height } = image.media;
        return { src, srcset: srcset ?? '', sizes, width: width ?? 0, height: height ?? 0, alt: image.alt };
      }
      const [resolved] = await responsiveImages([{ src: siteAsset(image.builtin, owner), alt: image.alt }], sizes);
      return resolved!;
    }),
  );
}
