/** The media library's safety (tests/api/suites/media-safety.ts) with uploads on a real S3 server. */
import { mediaSafetyTests } from './suites/media-safety';

mediaSafetyTests('s3');
