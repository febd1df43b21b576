/** Media image sizes, decorative images and thumbnails (tests/api/suites/media-images.ts) with uploads on the local disk. */
import { mediaImageTests } from './suites/media-images';

mediaImageTests('local');
