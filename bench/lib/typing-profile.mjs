// Where typing in the visual editor spends its time, for bench/editor.mjs: a CPU profile of
// the keys bench/lib/editor-browser.mjs types, summed by the package or folder that runs it.
import { setTimeout as sleep } from 'node:timers/promises';
import { fileNameOf } from './admin-first-screen.mjs';
import { sizeByGroup } from './chunk-map.mjs';
import { typingScript } from './editor-browser.mjs';
import { formatNumber } from './report.mjs';

/** @param {number} value */
const ms = (value) => `${formatNumber(value, 1)} ms`;

/**
 * A CPU profile (V8 sampling, 200 µs) of typing `count` keys where the caret is.
 * @param {import('playwright-core').BrowserContext} context
 * @param {import('playwright-core').Page} page
 * @param {number} count
 */
export async function profileTyping(context, page, count) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  for (const { key, waitMs } of typingScript(count)) {
    await page.keyboard.press(key);
    await sleep(waitMs);
  }
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  return profile;
}

/**
 * Where typing spends its time, from a CPU profile: self time per key, by what runs it
 * (a chunk named by the package or folder that weighs most in it; V8's "(program)" is
 * the browser's own work: editing, selection, style, layout, paint), largest first.
 * With `print`, also lists the scripts and the heaviest functions on the console.
 * @param {any} cpuProfile
 * @param {import('./chunk-map.mjs').ChunkMap} map
 * @param {number} keys keys typed while profiling
 * @param {boolean} [print]
 * @returns {[string, number][]} label and milliseconds per key
 */
export function profileByPart(cpuProfile, map, keys, print = false) {
  /** @type {Map<number, any>} */
  const nodes = new Map(cpuProfile.nodes.map((/** @type {any} */ node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const selfSamples = new Map();
  for (const id of cpuProfile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
  const total = cpuProfile.samples.length;
  const interval = (cpuProfile.endTime - cpuProfile.startTime) / 1000 / Math.max(1, total);
  /** @type {Map<string, number>} */
  const byScript = new Map();
  /** @type {Map<string, number>} */
  const byFunction = new Map();
  for (const [id, samples] of selfSamples) {
    const frame = nodes.get(id)?.callFrame;
    // V8's own entries are named in parentheses ("(program)", "(idle)"); built-ins have a name and no script.
    const script = frame?.url ? fileNameOf(new URL(frame.url).pathname) : String(frame?.functionName || '(nativo)');
    if (script === '(idle)') continue;
    byScript.set(script, (byScript.get(script) ?? 0) + samples);
    const name = `${frame?.functionName || '(anônima)'} ${script}:${(frame?.lineNumber ?? 0) + 1}:${(frame?.columnNumber ?? 0) + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + samples);
  }
  /** @param {string} script */
  const labelOf = (script) => {
    if (script === '(program)') return 'Chromium fora do JavaScript (edição, seleção, estilo, layout, pintura, tarefas próprias)';
    if (script === '(garbage collector)') return 'coleta de lixo';
    if (!script.includes('/')) return 'funções nativas chamadas pelo JavaScript';
    const chunk = map.chunks.some((entry) => entry.fileName === script);
    return chunk ? (sizeByGroup(map, [script])[0]?.[0] ?? script) : script;
  };
  /** @type {Map<string, number>} */
  const byPart = new Map();
  for (const [script, samples] of byScript) {
    const label = labelOf(script);
    byPart.set(label, (byPart.get(label) ?? 0) + samples);
  }
  const top = (/** @type {Map<string, number>} */ table, /** @type {number} */ size) =>
    [...table].sort((a, b) => b[1] - a[1]).slice(0, size);
  if (print) {
    console.log(`\nPerfil da digitação (${keys} teclas; tempo próprio, fora o ocioso):`);
    for (const [script, samples] of top(byScript, 12)) {
      const groups = map.chunks.some((chunk) => chunk.fileName === script)
        ? ` [${sizeByGroup(map, [script])
            .slice(0, 3)
            .map(([group]) => group)
            .join(', ')}]`
        : '';
      console.log(`  ${ms(samples * interval)}  ${script}${groups}`);
    }
    console.log('Funções mais pesadas:');
    for (const [name, samples] of top(byFunction, 15)) console.log(`  ${ms(samples * interval)}  ${name}`);
  }
  return top(byPart, byPart.size).map(([label, samples]) => [label, (samples * interval) / keys]);
}
