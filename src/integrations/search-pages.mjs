// @ts-check
import { Parser } from 'htmlparser2';
import { cleanText } from '../lib/search-text.mjs';

/**
 * What the site search keeps of a built page (src/integrations/site-search.mjs): the text
 * of the element marked `data-search-body` (BaseLayout's `searchType`, whose value is the
 * page's type), in runs of text with their weight, without what is marked
 * `data-search-ignore` (breadcrumbs, related cards, comments) and without scripts.
 * Headings weigh more than the body (h1 7 … h6 2) and `data-search-weight` sets a weight
 * (a product's name): a word's weight counts as that many mentions in the ranking.
 */

/** @typedef {[weight: number, text: string]} Segment */
/** @typedef {{ url: string, title: string, type: string, segments: Segment[] }} SearchDoc */

/** The marker of an indexed page, and its attribute holding the page's type. */
export const BODY_ATTRIBUTE = 'data-search-body';
const IGNORE_ATTRIBUTE = 'data-search-ignore';
const WEIGHT_ATTRIBUTE = 'data-search-weight';

/** @type {Record<string, number>} */
const HEADING_WEIGHTS = { h1: 7, h2: 6, h3: 5, h4: 4, h5: 3, h6: 2 };
/** Elements whose text is not the page's words. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'select', 'textarea', 'button']);
/** Elements inside a line of text: anything else separates words. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);

/** @param {string} text */
const squeeze = (text) => cleanText(text).replace(/\s+/g, ' ').trim();
/** The largest weight a page may give (`data-search-weight`): a word counts at most this many mentions. */
const MAX_WEIGHT = 20;

/**
 * The indexed part of a page, or null when it has none.
 * @param {string} html
 * @returns {Omit<SearchDoc, 'url'> | null}
 */
export function pageDoc(html) {
  /** @type {{ name: string, skip: boolean, weight: number, body: boolean }[]} */
  const stack = [];
  /** @type {Segment[]} */
  const segments = [];
  let type = '';
  let found = false;
  let pageTitle = '';
  let inTitle = false;
  let heading = '';
  let headingDepth = -1;
  let firstHeading = '';

  /** @param {number} weight @param {string} text */
  const add = (weight, text) => {
    const last = segments[segments.length - 1];
    if (last && last[0] === weight) last[1] += text;
    else segments.push([weight, text]);
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = stack[stack.length - 1];
        const body = parent?.body || BODY_ATTRIBUTE in attributes;
        if (!parent?.body && BODY_ATTRIBUTE in attributes) {
          found = true;
          type = attributes[BODY_ATTRIBUTE] ?? '';
        }
        const explicit = Number(attributes[WEIGHT_ATTRIBUTE]);
        const weight =
          Number.isFinite(explicit) && explicit > 0
            ? Math.min(explicit, MAX_WEIGHT)
            : (HEADING_WEIGHTS[name] ?? parent?.weight ?? 1);
        const skip = Boolean(parent?.skip) || SKIPPED.has(name) || IGNORE_ATTRIBUTE in attributes;
        stack.push({ name, skip, weight, body });
        // The document's own title only (an <svg> has <title>s too).
        if (name === 'title' && parent?.name === 'head') inTitle = true;
        if (body && !skip && name === 'h1' && !firstHeading && headingDepth < 0) headingDepth = stack.length;
        if (body && !skip && !INLINE.has(name)) {
          add(weight, ' ');
          if (headingDepth > 0) heading += ' ';
        }
      },
      ontext(text) {
        if (inTitle) pageTitle += text;
        const top = stack[stack.length - 1];
        if (!top?.body || top.skip) return;
        add(top.weight, text);
        if (headingDepth > 0) heading += text;
      },
      onclosetag(name) {
        const top = stack.pop();
        if (name === 'title') inTitle = false;
        if (headingDepth > 0 && stack.length < headingDepth) {
          firstHeading = squeeze(heading);
          headingDepth = 0;
        }
        if (top?.body && !top.skip && !INLINE.has(name)) add(top.weight, ' ');
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  if (!found) return null;
  const kept = segments.map(([weight, text]) => /** @type {Segment} */ ([weight, squeeze(text)])).filter(([, text]) => text);
  return { title: firstHeading || squeeze(pageTitle), type, segments: kept };
}
