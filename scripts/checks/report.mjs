// The runner of the checks `npm run check` makes of files that are configuration, not
// code (scripts/checks/*.mjs: the workflows, the Dockerfile, the lockfile): each check
// is named and throws (node:assert) on a problem; all of them run, each failure is
// printed with its name, and the process ends non-zero if any failed.
import assert from 'node:assert/strict';

/** @typedef {[name: string, check: () => unknown]} Check */

/**
 * Runs every check in order and reports them under `title`.
 * @param {string} title what is checked, e.g. "Dockerfile"
 * @param {Check[]} checks
 */
export async function runChecks(title, checks) {
  const failures = [];
  for (const [name, check] of checks) {
    try {
      await check();
    } catch (error) {
      failures.push(`✗ ${name}\n${String(error instanceof Error ? error.message : error).replace(/^/gm, '    ')}`);
    }
  }
  if (failures.length === 0) {
    console.log(`${title}: ${checks.length} verificações ok`);
    return;
  }
  console.error(`${title}: ${failures.length} de ${checks.length} verificações falharam\n\n${failures.join('\n\n')}\n`);
  process.exitCode = 1;
}

/**
 * `item` is in `list` (an array or a string).
 * @param {readonly unknown[] | string} list @param {unknown} item @param {string} [message]
 */
export function includes(list, item, message) {
  const found = typeof list === 'string' ? list.includes(String(item)) : list.includes(item);
  assert.ok(found, `${message ? `${message}: ` : ''}${JSON.stringify(item)} não está em ${JSON.stringify(list)}`);
}

/**
 * `item` is not in `list` (an array or a string).
 * @param {readonly unknown[] | string} list @param {unknown} item @param {string} [message]
 */
export function excludes(list, item, message) {
  const found = typeof list === 'string' ? list.includes(String(item)) : list.includes(item);
  assert.ok(!found, `${message ? `${message}: ` : ''}${JSON.stringify(item)} não deveria estar em ${JSON.stringify(list)}`);
}

/**
 * `actual` is at least `least`.
 * @param {number} actual @param {number} least @param {string} [message]
 */
export function atLeast(actual, least, message) {
  assert.ok(actual >= least, `${message ? `${message}: ` : ''}${actual} < ${least}`);
}
