/**
 * The media library's images a CMS body shows, described for the Markdown pipeline
 * (src/lib/markdown/article.ts): size and thumbnails (src/lib/cms/media-images.ts), read
 * from PocketBase when a body is rendered. Media records are public one by one (the
 * library's listing is staff-only), so each image is read by its id, once a build.
 */
import { ClientResponseError } from 'pocketbase';
import { cmsClient, readCms } from './client';
import type { ArticleImage } from '../markdown/article';
import { parseMediaUrl, responsiveMediaImage, type MediaImageFacts } from './media-images';

/** Addresses of media files in a body, as written (root-relative or absolute). */
const MEDIA_ADDRESS = /(?:https?:\/\/[^\s()<>"']+?)?\/api\/files\/media\/[a-z0-9]{15}\/[^\s()<>"'?#]+/gi;

/** Every media file address a body mentions, as the body writes it. */
export function mediaAddresses(markdown: string): string[] {
  return [...new Set(markdown.match(MEDIA_ADDRESS) ?? [])];
}

/**
 * Reads the images of a body from the CMS at `url`.
 * @param filesUrl where visitors fetch files: the public API (PUBLIC_API_URL), or '' for the site's origin
 * @returns by address, the attributes each known image gets; a deleted image gets none (and
 *   `byId`, a record's facts by its id)
 */
export function mediaImagesReader(url: string, filesUrl: string) {
  const pb = cmsClient(url);
  const records = new Map<string, Promise<MediaImageFacts | null>>();
  const read = (id: string) =>
    readCms(pb, `a imagem ${id}`, async () => {
      try {
        return await pb.collection('media').getOne<MediaImageFacts>(id, { fields: 'id,file,width,height' });
      } catch (error) {
        if (error instanceof ClientResponseError && error.status === 404) return null;
        throw error;
      }
    });
  /** A media record's facts, read once a build; null when it is gone. */
  const byId = (id: string) => {
    let record = records.get(id);
    if (!record) records.set(id, (record = read(id)));
    return record;
  };
  const ofMarkdown = async (markdown: string): Promise<Record<string, ArticleImage>> => {
    const images: Record<string, ArticleImage> = {};
    for (const address of mediaAddresses(markdown)) {
      const reference = parseMediaUrl(address);
      if (!reference) continue;
      const media = await byId(reference.id);
      if (media && media.file === reference.file) images[address] = responsiveMediaImage(media, filesUrl);
    }
    return images;
  };
  // The pages' image fields hold a record's id alone (src/lib/cms/section-fields.ts).
  return Object.assign(ofMarkdown, { byId, filesUrl });
}

/** The reader of a build's media images: by a body's addresses, or one record by id. */
export type MediaImagesReader = ReturnType<typeof mediaImagesReader>;
