// @ts-check
// Hard links for a publication's unchanged files (the pages kept from the live build):
// a link per file instead of a copy. A linked file is shared with the live build, so it
// must never be written in place: whoever changes one removes it first.
import { link, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Files linked at once. */
const IN_FLIGHT = 64;

/**
 * Runs `work` on each item, at most `limit` at a time. An item is taken only when a lane is
 * free, so a generator's items are made as they are needed, not all at once.
 * @template T @param {Iterable<T>} items @param {number} limit @param {(item: T) => Promise<void>} work
 */
export async function eachLimited(items, limit, work) {
  const iterator = items[Symbol.iterator]();
  const lane = async () => {
    for (let step = iterator.next(); !step.done; step = iterator.next()) await work(step.value);
  };
  await Promise.all(Array.from({ length: limit }, lane));
}

/**
 * Links every file under `from` to the same place under `to` (which must not hold them yet).
 * @param {string} from @param {string} to
 * @returns {Promise<number>} the files linked
 */
export async function linkTree(from, to) {
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(from, path.join(entry.parentPath, entry.name)));
  const folders = new Set(files.map((file) => path.dirname(path.join(to, file))));
  await eachLimited([...folders], IN_FLIGHT, async (folder) => {
    await mkdir(folder, { recursive: true });
  });
  await eachLimited(files, IN_FLIGHT, (file) => link(path.join(from, file), path.join(to, file)));
  return files.length;
}
