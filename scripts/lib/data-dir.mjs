// What belongs to one data directory (PB_DATA) outside it: its built site and the
// build's cache. Two instances started from one checkout with different data (a
// restored copy, a staging copy), or one instance moved to other data, must never
// serve or reuse a site built from another data directory.
import { createHash } from 'node:crypto';
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from './paths.mjs';

/** The data directory as one absolute path (its real path once it exists). */
function canonical(/** @type {string} */ dataDir) {
  try {
    return realpathSync(dataDir);
  } catch {
    return path.resolve(dataDir);
  }
}

/**
 * `.cache/data/<name>-<hash of its path>/…`: kept out of the data directory itself, so
 * that backups (a zip of it) and replicas carry no built site.
 * @param {string} dataDir
 * @param {...string} parts
 */
export function dataScopedDir(dataDir, ...parts) {
  const real = canonical(dataDir);
  const key = `${path.basename(real)}-${createHash('sha256').update(real).digest('hex').slice(0, 12)}`;
  return fromRoot('.cache', 'data', key, ...parts);
}

/**
 * Which data a build is made from: the directory and its database file. A restore
 * puts a new data.db in place (PocketBase's restore moves files in; `npm run restore`
 * and the standby write new ones), so the file's identity changes with the data even
 * at the same path. Recorded in the build's stamp (scripts/publish/fresh-build.mjs).
 * @param {string} dataDir
 */
export function dataIdentity(dataDir) {
  const real = canonical(dataDir);
  try {
    // The inode, not the device number, which some file systems renumber at a reboot.
    return `${real}#${statSync(path.join(real, 'data.db')).ino}`;
  } catch {
    return `${real}#`;
  }
}
