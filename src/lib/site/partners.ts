/**
 * The partners a `partners` section shows (src/components/sections/Partners.astro), in their
 * order, each with its logo ready for an <img>: the Mídia image as the loader described it
 * (src/lib/cms/pieces.ts partnersLoader), or one of the site's own files under
 * src/assets/partners (src/lib/site/site-assets.ts), so Astro fingerprints and serves it.
 */
import { getCollection } from 'astro:content';
import type { ResponsiveMediaImage } from '../cms/media-images';
import { siteAsset } from './site-assets';

export interface PartnerLogo {
  name: string;
  fullName: string;
  kind: string;
  logo: ResponsiveMediaImage;
}

/**
 * The partners in their order, each with its logo.
 * @throws when a partner names a site logo file that does not exist: a broken image on every page is worse than a failed build
 */
export async function getPartners(): Promise<PartnerLogo[]> {
  const partners = (await getCollection('partners')).sort((a, b) => a.data.order - b.data.order);
  return partners.map(({ data }) => {
    const { name, fullName, kind, image, builtin } = data;
    if (image) return { name, fullName, kind, logo: image };
    const file = siteAsset(builtin ?? '', `Parceiro "${name}"`);
    return { name, fullName, kind, logo: { src: file.src, width: file.width, height: file.height } };
  });
}
