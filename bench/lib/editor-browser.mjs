// The visual editor measured in Chromium for bench/editor.mjs: a browser context signed
// in as staff with the page instrumented before its own scripts; opening a post's edit
// screen and timing it from the record's API response to the editor showing the post's
// end; typing at its end and timing each key. Where typing spends its time (a CPU profile)
// is bench/lib/typing-profile.mjs.
/* global window, document, history, requestAnimationFrame, addEventListener, dispatchEvent, PopStateEvent -- in the page */
import { LOAD_TIMEOUT_MS } from './admin-first-screen.mjs';
import { percentile } from './report.mjs';

/** The visual editor's editable element (ProseMirror's). */
const EDITOR = '.ProseMirror';
/** The editor writes its Markdown back once typing pauses this long (src/admin/editor/MarkdownEditor.tsx). */
const WRITE_BACK_MS = 300;
/** @param {number} value */
const sleep = (value) => new Promise((resolve) => setTimeout(resolve, value));

/**
 * @typedef {{ key: string, start: number, handled: number, frameStart: number, frameEnd: number,
 *   afterPause?: boolean }} KeyTiming  afterPause: typed after a pause long enough for the editor to write its Markdown back
 * @typedef {{ p50: number, p95: number, p99: number }} Percentiles
 * @typedef {{ keys: KeyTiming[], work: Percentiles, latency: Percentiles, seconds: number,
 *   slowInteractions: number[] }} TypingResult
 */

/** A key's work: its wait and handling, then its frame's style and layout. @param {KeyTiming} key */
export const workOf = (key) => key.handled - key.start + (key.frameEnd - key.frameStart);

/** @param {number[]} values @returns {Percentiles} */
export const percentiles = (values) => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  p99: percentile(values, 99),
});

/**
 * Runs in the page before its own scripts: marks when the editor shows a post's last
 * paragraph (checked once a frame), and times each key typed (only while `typing`):
 * from the keydown's timestamp (queueing included) to the end of the work its events
 * cause (ProseMirror's transaction, React's re-render), plus the style and layout of
 * the frame that shows it. Also keeps the Event Timing API's entries.
 */
function pageInstrumentation() {
  /** @type {any} */
  const bench = {
    marker: '',
    editableAt: /** @type {Record<string, number>} */ ({}),
    typing: false,
    keys: /** @type {any[]} */ ([]),
    events: /** @type {any[]} */ ([]),
  };
  /** @type {any} */ (window).__editorBench = bench;
  performance.setResourceTimingBufferSize(5000);
  const check = () => {
    if (bench.marker && bench.editableAt[bench.marker] === undefined) {
      const editor = document.querySelector('.ProseMirror[contenteditable="true"]');
      let block = editor?.lastElementChild;
      for (let i = 0; block && i < 3; i++, block = block.previousElementSibling) {
        if (block.textContent?.includes(bench.marker)) {
          bench.editableAt[bench.marker] = performance.now();
          break;
        }
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  /** @type {any} */
  let current = null;
  // The end of a key's work: its keydown's or input event's listeners on window in the
  // bubbling phase run after the editor's own listeners and after the microtasks they
  // queued (ProseMirror reads the DOM change in a MutationObserver callback, React
  // re-renders in a microtask). Then the frame that shows the key: in an animation
  // frame asked for from the key's last event, its style and layout, forced and timed
  // (painting and compositing, done by other threads without a GPU here, are not timed).
  const settle = () => {
    const key = current;
    if (!key) return;
    queueMicrotask(() => {
      const stamp = performance.now();
      key.handled = stamp;
      requestAnimationFrame(() => {
        if (key.handled !== stamp) return;
        // The frame's style and layout, done here rather than right after the callbacks.
        key.frameStart = performance.now();
        void document.body.offsetHeight;
        key.frameEnd = performance.now();
      });
    });
  };
  addEventListener(
    'keydown',
    (event) => {
      current = bench.typing ? { key: event.key, start: event.timeStamp, handled: 0, frameStart: 0, frameEnd: 0 } : null;
      if (current) bench.keys.push(current);
    },
    true,
  );
  addEventListener('keydown', settle);
  addEventListener('input', settle);
  try {
    new PerformanceObserver((list) => {
      if (!bench.typing) return;
      for (const entry of /** @type {any[]} */ (list.getEntries())) {
        bench.events.push({
          name: entry.name,
          interactionId: entry.interactionId,
          duration: entry.duration,
          processing: entry.processingEnd - entry.processingStart,
          delay: entry.processingStart - entry.startTime,
        });
      }
    }).observe(/** @type {any} */ ({ type: 'event', durationThreshold: 16, buffered: false }));
  } catch {
    // No Event Timing API: the own measure stands alone.
  }
}

/**
 * The keys typed at the end of the post: pt-BR sentences in plain ASCII (characters
 * outside the US layout would be inserted without a keydown), a new paragraph now and
 * then, a typo fixed with Backspace, at a typist's pace with pauses (deterministic).
 * Pauses longer than the editor's 300 ms write-back let it serialize the post; a key
 * may then arrive while it does, as it would for a person.
 * @param {number} total
 * @returns {{ key: string, waitMs: number }[]}
 */
export function typingScript(total) {
  const text =
    'Depois de ligar o sensor ao borne 3, confira a leitura no monitor serial e anote o valor medido. ' +
    'Se a leitura oscilar, aumente o tempo de amostragem para 200 ms e teste de novo em bancada.\n' +
    'O painel da linha 2 usa a mesma fonte de 24 V, entao vale medir a tensao nos dois lados do cabo. ' +
    'Registre a versao do firmware e o endereco Modbus de cada controlador instalado no cliente.\n';
  let seed = 34;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  /** @type {{ key: string, waitMs: number }[]} */
  const keys = [];
  for (let i = 0; keys.length < total; i = (i + 1) % text.length) {
    const char = /** @type {string} */ (text[i]);
    const key = char === '\n' ? 'Enter' : char === ' ' ? 'Space' : char;
    let waitMs = 60 + Math.floor(next() * 80);
    if (char === '.' || char === '\n') waitMs += 300 + Math.floor(next() * 700);
    else if (char === ' ' && next() < 0.12) waitMs += 200 + Math.floor(next() * 500);
    keys.push({ key, waitMs });
    if (char !== ' ' && char !== '\n' && next() < 0.02) {
      keys.push({ key: 'x', waitMs: 90 }, { key: 'Backspace', waitMs: 150 });
    }
  }
  return keys.slice(0, total);
}

/**
 * A browser context signed in with a staff session (stored where the SDK keeps it, as
 * the E2E tests do), instrumented, with other sites' requests (the posts' images)
 * answered at once by an error.
 * @param {import('playwright-core').Browser} browser
 * @param {{ token: string, record: Record<string, unknown> }} session
 */
export async function editorContext(browser, session) {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const stored = JSON.stringify({ token: session.token, record: session.record });
  await context.addInitScript((value) => window.localStorage.setItem('pocketbase_auth', value), stored);
  await context.addInitScript(pageInstrumentation);
  return context;
}

/**
 * Opens a post's edit screen and returns the milliseconds from the end of its record's
 * API response to the first frame where the editable `.ProseMirror` shows `marker`
 * (the post's last paragraph).
 * @param {import('playwright-core').Page} page
 * @param {string} baseUrl
 * @param {{ id: string, marker: string }} post
 * @param {boolean} direct load the page from the post's address; otherwise navigate with the app's router
 */
export async function openPost(page, baseUrl, post, direct) {
  const url = `/admin/posts/${post.id}`;
  if (direct) {
    await page.goto(`${baseUrl}${url}`, { timeout: LOAD_TIMEOUT_MS, waitUntil: 'commit' });
    await page.evaluate((marker) => {
      /** @type {any} */ (window).__editorBench.marker = marker;
    }, post.marker);
  } else {
    await page.evaluate(([target, marker]) => {
      /** @type {any} */ (window).__editorBench.marker = marker;
      history.pushState(null, '', target);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, /** @type {[string, string]} */ ([url, post.marker]));
  }
  await page.waitForFunction(
    (marker) => /** @type {any} */ (window).__editorBench.editableAt[marker] !== undefined,
    post.marker,
    { timeout: LOAD_TIMEOUT_MS, polling: 100 },
  );
  return page.evaluate(([id, marker]) => {
    const path = `/api/collections/posts/records/${id}`;
    const arrived = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === path)
      .map((entry) => /** @type {PerformanceResourceTiming} */ (entry).responseEnd);
    if (!arrived.length) throw new Error(`nenhuma resposta de ${path} na página`);
    return /** @type {any} */ (window).__editorBench.editableAt[marker] - Math.min(...arrived);
  }, /** @type {[string, string]} */ ([post.id, post.marker]));
}

/**
 * Puts the caret at the end of the open editor's text.
 * @param {import('playwright-core').Page} page
 * @param {string} [selector] the editable element
 */
export async function caretAtEnd(page, selector = EDITOR) {
  const editor = page.locator(selector);
  await editor.evaluate((element) => {
    element.querySelector(':scope > :last-child')?.scrollIntoView({ block: 'center' });
  });
  await editor.locator(':scope > :last-child').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('End');
}

/**
 * Types `count` keys of typingScript() where the caret is and times them.
 * Work per key: its wait and handling, then the style and layout of the frame that
 * shows it; the idle time until that frame starts (the display's rhythm) is left out.
 * Latency: from the keydown to that frame (its animation-frame callback), idle included.
 * @param {import('playwright-core').Page} page
 * @param {number} count
 * @param {string} [selector] the editable element
 * @returns {Promise<TypingResult>}
 */
export async function typeAndTime(page, count, selector = EDITOR) {
  await sleep(1000);
  await page.evaluate(() => {
    const bench = /** @type {any} */ (window).__editorBench;
    bench.keys = [];
    bench.events = [];
    bench.typing = true;
  });
  const started = Date.now();
  for (const { key, waitMs } of typingScript(count)) {
    await page.keyboard.press(key);
    await sleep(waitMs);
  }
  await sleep(1000);
  const seconds = (Date.now() - started) / 1000;
  const typed = await page.evaluate(() => {
    const bench = /** @type {any} */ (window).__editorBench;
    bench.typing = false;
    return { keys: bench.keys, events: bench.events };
  });
  const script = typingScript(count);
  /** @type {KeyTiming[]} */
  const keys = typed.keys
    .map((/** @type {KeyTiming} */ key, /** @type {number} */ index) => ({
      ...key,
      afterPause: (script[index - 1]?.waitMs ?? 0) >= WRITE_BACK_MS,
    }))
    .filter((/** @type {KeyTiming} */ key) => key.frameEnd > 0);
  if (keys.length < count * 0.9) throw new Error(`só ${keys.length} de ${count} teclas foram medidas`);
  const tail = await page.locator(selector).evaluate((element) => element.textContent?.slice(-3000) ?? '');
  if (!/teste de novo em bancada|valor medido|endereco Modbus|cabo/.test(tail)) {
    throw new Error(`o texto digitado não apareceu no fim do editor ("…${tail.slice(-80)}")`);
  }
  /** @type {Map<number, number>} */
  const interactions = new Map();
  for (const entry of typed.events) {
    if (entry.interactionId)
      interactions.set(entry.interactionId, Math.max(interactions.get(entry.interactionId) ?? 0, entry.duration));
  }
  return {
    keys,
    work: percentiles(keys.map(workOf)),
    latency: percentiles(keys.map((key) => key.frameEnd - key.start)),
    seconds,
    slowInteractions: [...interactions.values()],
  };
}

/**
 * A page holding `markdown`'s paragraphs as plain text in a `contenteditable` with no
 * script of its own (only the instrumentation), under the same origin as the admin:
 * what typing costs in this browser on this machine with no editor at all.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} baseUrl
 * @param {string} markdown
 * @returns {Promise<{ page: import('playwright-core').Page, selector: string }>}
 */
export async function bareEditablePage(context, baseUrl, markdown) {
  const escape = (/** @type {string} */ text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const paragraphs = markdown
    .split(/\n{2,}/)
    .map((block) => `<p>${escape(block)}</p>`)
    .join('');
  const url = `${baseUrl}/__bench/contenteditable`;
  const page = await context.newPage();
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>contenteditable</title></head><body><div id="texto" contenteditable="true" spellcheck="true" style="max-width:60rem;margin:auto;white-space:pre-wrap">${paragraphs}</div></body></html>`,
    }),
  );
  await page.goto(url, { timeout: LOAD_TIMEOUT_MS });
  return { page, selector: '#texto' };
}

/**
 * What the editor does apart from typing, timed in the page (median of 5): writing the
 * document back as Markdown (each pause) and counting its words (the note under it).
 * @param {import('playwright-core').Page} page
 */
export function editorCosts(page) {
  return page.locator('.ProseMirror').evaluate((element) => {
    const tiptap = /** @type {any} */ (element).editor;
    /** @param {() => unknown} run */
    const time = (run) => {
      const times = [];
      for (let i = 0; i < 5; i++) {
        const begun = performance.now();
        run();
        times.push(performance.now() - begun);
      }
      return times.sort((a, b) => a - b)[2] ?? 0;
    };
    const markdown = tiptap.getMarkdown();
    const words = (/** @type {string} */ value) =>
      value
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
    return {
      serialize: time(() => tiptap.getMarkdown()),
      count: time(() => words(markdown)),
      nodes: Number(tiptap.state.doc.content.childCount),
      chars: String(markdown).length,
    };
  });
}
