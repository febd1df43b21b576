// @ts-check
// Work over many files, a few at a time: the hard links of a publication's unchanged
// pages (kept-pages.mjs; a linked file is shared with the live build, so it must never
// be written in place: whoever changes one removes it first) and the pages handed to the
// search indexer (site-search.mjs).

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
