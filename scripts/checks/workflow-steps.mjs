// The steps of a GitHub Actions job, read from the workflow's text: shared by the
// workflow check (scripts/checks/workflows.mjs, which also runs actionlint on the file)
// and the API test that runs the build step in a clean clone (tests/api/deploy-workflow.test.ts).

/**
 * @typedef {object} Step
 * @property {string} [name]
 * @property {string} [uses]
 * @property {string} [run]
 * @property {Record<string, string>} env
 */

/**
 * The steps of `job`: a step is a "- " item under `steps:`, with `key: value` lines and
 * an `env:` map. actionlint checks the file is a valid workflow; this reads only the
 * shape it has.
 * @param {string} workflow the workflow file's text
 * @param {string} job
 * @returns {Step[]}
 */
export function jobSteps(workflow, job) {
  const lines = workflow.split('\n');
  const indentOf = (/** @type {string} */ line) => line.length - line.trimStart().length;
  const meaningful = (/** @type {string} */ line) => line.trim() !== '' && !line.trim().startsWith('#');
  const jobAt = lines.findIndex((line) => line.trimEnd() === `  ${job}:`);
  const stepsAt = lines.findIndex((line, index) => index > jobAt && line.trim() === 'steps:');
  if (jobAt < 0 || stepsAt < 0) throw new Error(`o workflow não tem os passos do job ${job}`);

  /** @type {Step[]} */
  const steps = [];
  let mapKey = '';
  let keyIndent = 0;
  for (const raw of lines.slice(stepsAt + 1)) {
    if (!meaningful(raw)) continue;
    if (indentOf(raw) <= indentOf(/** @type {string} */ (lines[stepsAt]))) break;
    let line = raw;
    if (raw.trimStart().startsWith('- ')) {
      steps.push({ env: {} });
      mapKey = '';
      keyIndent = indentOf(raw) + 2;
      line = `${' '.repeat(keyIndent)}${raw.trimStart().slice(2)}`;
    }
    const [, key = '', value = ''] = /^\s*([\w-]+):\s*(.*)$/.exec(line) ?? [];
    const step = /** @type {Step} */ (steps.at(-1));
    if (indentOf(line) === keyIndent) {
      mapKey = value === '' ? key : '';
      if (key === 'name' || key === 'uses' || key === 'run') step[key] = value;
    } else if (mapKey === 'env') {
      step.env[key] = value;
    }
  }
  return steps;
}

/**
 * The step named `name`, which must run a command.
 * @param {Step[]} steps @param {string} name
 * @returns {Step & { run: string }}
 */
export function stepNamed(steps, name) {
  const step = steps.find((item) => item.name === name);
  if (!step?.run) throw new Error(`o workflow não tem o passo "${name}" com um comando run:`);
  return /** @type {Step & { run: string }} */ (step);
}
