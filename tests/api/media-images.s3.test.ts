/** Media image sizes, decorative images and thumbnails (tests/api/suites/media-images.ts) with uploads on a real S3 server. */
import { mediaImageTests } from './suites/media-images';

mediaImageTests('s3');
