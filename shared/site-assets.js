// The site's own images (src/assets) the admin's page preview shows before a build has
// resized them: which paths may be asked for, and their types. The hook checks a request
// before relaying it (pb_hooks/lib/publishing/preview.js) and the publisher before reading
// the file (scripts/publish/endpoint.mjs): plain image paths only, no `..`, no other characters.

/** A path under src/assets that may be served: folders and a name of letters, digits, `_` and `-`, and an image extension (its group). */
export const SITE_ASSET_PATH_PATTERN = '^[a-z0-9_-]+(?:/[a-z0-9_-]+)*\\.(png|jpe?g|webp|avif|svg)$';

/** The Content-Type of each extension SITE_ASSET_PATH_PATTERN accepts. */
export const SITE_ASSET_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};
