import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Absolute path of the repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** @param {...string} parts */
export const fromRoot = (...parts) => path.join(ROOT, ...parts);
