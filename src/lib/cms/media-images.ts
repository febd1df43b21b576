/**
 * Body images from the media library as responsive <img> attributes: the stored size
 * (filled by the server from the upload, pb_hooks/media.pb.js) so nothing shifts, and a
 * srcset of PocketBase's width-only thumbnails so a phone does not download a 4000 px
 * photo. Plain TypeScript, no admin or Astro imports: the Markdown pipeline imports it.
 */

/**
 * Widths of the media file field's width-only thumbnails (`480x0`, …), the same list as
 * pb_migrations/1795309500_media_image_size.js, which says why these widths.
 */
export const MEDIA_IMAGE_WIDTHS = [480, 768, 1536] as const;

/**
 * How wide a body image is shown: the article column (`max-w-3xl` with `px-4 sm:px-6`:
 * at most 720 px of text) of blog articles and CMS pages.
 */
export const ARTICLE_IMAGE_SIZES = '(min-width: 768px) 720px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)';

/** What the function needs of a `media` record. */
export interface MediaImageFacts {
  id: string;
  /** The stored file name (the record's `file`). */
  file: string;
  /** Upright pixel size; 0 when unknown (not an image, or an unreadable file). */
  width: number;
  height: number;
}

export interface ResponsiveMediaImage {
  src: string;
  /** Absent when the size is unknown. */
  width?: number;
  height?: number;
  /** Absent when there is no smaller thumbnail to offer (or the size is unknown). */
  srcset?: string;
  sizes?: string;
}

/** Where PocketBase serves a media file: `{base}/api/files/media/{id}/{file}`. */
export function mediaFileUrl(id: string, file: string, filesBaseUrl = ''): string {
  return `${filesBaseUrl.replace(/\/+$/, '')}/api/files/media/${encodeURIComponent(id)}/${encodeURIComponent(file)}`;
}

const MEDIA_PATH = /^\/api\/files\/(?:media|[a-z0-9]{15})\/([a-z0-9]{15})\/([^/?#]+)$/i;

/**
 * The record id and file name of a media file URL, root-relative or absolute (the
 * form the editor inserts: `/api/files/media/{id}/{file}`); null for any other URL.
 * @example parseMediaUrl('/api/files/media/abc123def456ghi/foto_x1y2z3.png') // { id: 'abc123def456ghi', file: 'foto_x1y2z3.png' }
 */
export function parseMediaUrl(url: string): { id: string; file: string } | null {
  let path: string;
  try {
    path = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  const match = MEDIA_PATH.exec(path);
  if (!match) return null;
  try {
    return { id: match[1]!, file: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

/**
 * PocketBase's thumbnails decode only the first frame of a GIF (an animation would stop)
 * and re-encode WebP as PNG (often heavier than the original): those are offered as
 * they are. JPEG and PNG thumbnails keep their format.
 */
const THUMBNAILED = /\.(jpe?g|png)$/i;

/**
 * The attributes of a media image in an article: `src` is the original; `srcset` lists
 * the thumbnails narrower than the original plus the original itself (never an
 * enlargement), with `sizes` for the article column.
 * @param filesBaseUrl '' for root-relative addresses, or the public API's origin (PUBLIC_API_URL)
 * @param sizes the `sizes` attribute, when the image is not in the article column
 * @example
 * responsiveMediaImage({ id: 'abc123def456ghi', file: 'placa.jpg', width: 1000, height: 500 }, '')
 * // { src: '/api/files/media/abc123def456ghi/placa.jpg', width: 1000, height: 500,
 * //   srcset: '/api/files/media/abc123def456ghi/placa.jpg?thumb=480x0 480w, /api/files/media/abc123def456ghi/placa.jpg?thumb=768x0 768w, /api/files/media/abc123def456ghi/placa.jpg 1000w',
 * //   sizes: ARTICLE_IMAGE_SIZES }
 */
export function responsiveMediaImage(
  media: MediaImageFacts,
  filesBaseUrl = '',
  sizes: string = ARTICLE_IMAGE_SIZES,
): ResponsiveMediaImage {
  const src = mediaFileUrl(media.id, media.file, filesBaseUrl);
  const width = Math.floor(Number(media.width) || 0);
  const height = Math.floor(Number(media.height) || 0);
  if (width <= 0 || height <= 0) return { src };
  const thumbs = THUMBNAILED.test(media.file) ? MEDIA_IMAGE_WIDTHS.filter((thumb) => thumb < width) : [];
  if (thumbs.length === 0) return { src, width, height };
  const srcset = [...thumbs.map((thumb) => `${src}?thumb=${thumb}x0 ${thumb}w`), `${src} ${width}w`].join(', ');
  return { src, width, height, srcset, sizes };
}
