/** Responsive images prepared at build time for React islands (which cannot use <Picture>). */
import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';

export interface ResponsiveImage {
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * WebP variants at a few widths, with the intrinsic size kept so nothing shifts.
 * @example await responsiveImages(product.data.images, '(min-width: 1024px) 560px, 100vw')
 */
export async function responsiveImages(
  images: { src: ImageMetadata; alt: string }[],
  sizes: string,
  widths = [400, 800, 1200],
): Promise<ResponsiveImage[]> {
  return Promise.all(
    images.map(async ({ src, alt }) => {
      const image = await getImage({ src, widths: widths.filter((width) => width <= src.width), format: 'webp', sizes });
      return {
        src: image.src,
        srcset: image.srcSet.attribute,
        sizes,
        width: src.width,
        height: src.height,
        alt,
      };
    }),
  );
}
