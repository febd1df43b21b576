/** The media library's safety (tests/api/suites/media-safety.ts) with uploads on the local disk. */
import { mediaSafetyTests } from './suites/media-safety';

mediaSafetyTests('local');
