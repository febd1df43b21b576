// @ts-check
// How the site search reads words, one source for the index the build writes
// (src/integrations/search-index-files.mjs) and the dialog that queries it
// (src/lib/search-engine.ts): the same words give the same terms on both sides.
import { stemmer } from '@orama/stemmers/portuguese';
import { searchQuery } from './search-query.mjs';

/**
 * A word: letters and digits, with the hyphens, dots and slashes inside codes and units
 * kept together ('RS-485', 'OPX1-001', '4-20', 'E/S'): each is found by its parts and by
 * its parts joined ('RS485' finds 'RS-485').
 */
export const WORD = /[\p{L}\p{N}]+(?:[-./][\p{L}\p{N}]+)*/gu;
const PART = /[\p{L}\p{N}]+/gu;

/**
 * Text as the index reads it: composed (NFC: 'ç' as one character, as macOS pastes may
 * not have it) and without invisible characters that would split a word (soft hyphens,
 * zero-width spaces and joiners).
 * @param {string} text
 */
export const cleanText = (text) => text.normalize('NFC').replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, '');

/** Without accents: 'calibração' → 'calibracao'. @param {string} text */
export const fold = (text) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** @type {Map<string, string[]>} */
const formsCache = new Map();

/**
 * The terms a lower-case word is indexed and searched under: its pt stem, without
 * accents, as written and as typed without accents. Snowball stems 'calibração' to
 * 'calibr' but 'calibracao' to 'calibraca', so both are kept for accents to stay optional.
 * @param {string} word lower case, one part
 * @returns {string[]}
 */
export function wordForms(word) {
  let forms = formsCache.get(word);
  if (!forms) {
    const written = fold(stemmer(word));
    const typed = stemmer(fold(word));
    forms = written === typed ? [written] : [written, typed];
    formsCache.set(word, forms);
  }
  return forms;
}

/**
 * @typedef {{ start: number, end: number, forms: string[] }} TextToken
 *   a word of a text: where it is (for the excerpt's highlight) and its terms
 */

/**
 * The words of a text with their terms: a code's parts and its parts joined.
 * @param {string} text
 * @returns {TextToken[]}
 */
export function textTokens(text) {
  /** @type {TextToken[]} */
  const tokens = [];
  for (const match of text.matchAll(WORD)) {
    tokens.push({ start: match.index, end: match.index + match[0].length, forms: tokenForms(match[0]) });
  }
  return tokens;
}

/**
 * The terms of one word of a text (a WORD match): a code's parts and its parts joined.
 * @param {string} word
 * @returns {string[]}
 */
export function tokenForms(word) {
  const parts = word.toLowerCase().match(PART) ?? [];
  if (parts.length === 1) return wordForms(parts[0] ?? '');
  /** @type {Set<string>} */
  const forms = new Set(wordForms(parts.join('')));
  for (const part of parts) for (const form of wordForms(part)) forms.add(form);
  return [...forms];
}

/**
 * What a visitor's words ask: one list of terms per word, every word wanted (AND), stop
 * words left out (src/lib/search-query.mjs). A code counts whole: 'OPX1-001' asks for
 * 'opx1001', as the index holds it joined.
 * @example queryTerms('calibracao do sensor') // [['calibraca'], ['sensor']]
 * @param {string} text
 * @returns {string[][]}
 */
export function queryTerms(text) {
  /** @type {string[][]} */
  const asked = [];
  const seen = new Set();
  for (const match of searchQuery(cleanText(text)).matchAll(WORD)) {
    const parts = match[0].toLowerCase().match(PART) ?? [];
    const forms = wordForms(parts.join(''));
    const key = forms.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    asked.push(forms);
  }
  return asked;
}

/**
 * Shorter terms are only found whole: a prefix of one or two letters ('v' of '24 V')
 * would match a large part of the vocabulary and narrow nothing.
 */
export const MIN_PREFIX_LENGTH = 3;
