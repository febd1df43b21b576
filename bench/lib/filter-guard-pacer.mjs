// PocketBase answers a client that got more than 3 empty filtered lists of one
// collection within 3 s with a random delay of up to 0.5 s: a guard against
// enumerating hidden values through filters (record_crud.go in PocketBase's apis package). A person using
// the admin stays under it; a benchmark repeating a query hundreds of times does
// not, and would measure the guard's sleep instead of the query. This paces a
// benchmark client to the guard's allowance, outside the timed part.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const ALLOWANCE = 3;
// PocketBase's windows are fixed 3 s windows; a sliding window a little longer never exceeds them.
const WINDOW_MS = 3_100;

/** One pacer per server: empty filtered answers are counted per collection. */
export function filterGuardPacer() {
  /** @type {Map<string, number[]>} */
  const answers = new Map();
  /** The collection's empty answers within the window, oldest first. @param {string} collection */
  const recent = (collection) => {
    const times = answers.get(collection) ?? [];
    const now = performance.now();
    while (times.length && now - /** @type {number} */ (times[0]) > WINDOW_MS) times.shift();
    answers.set(collection, times);
    return times;
  };
  return {
    /** @param {string} collection */
    recordEmptyAnswer(collection) {
      recent(collection).push(performance.now());
    },
    /**
     * Waits until one more empty filtered answer of the collection stays within the allowance.
     * @param {string} collection
     */
    async waitForRoom(collection) {
      for (let times = recent(collection); times.length >= ALLOWANCE; times = recent(collection)) {
        await sleep(WINDOW_MS - (performance.now() - /** @type {number} */ (times[0])) + 1);
      }
    },
  };
}
