// What the site search asks Pagefind for a visitor's words, shared by the dialog
// (src/islands/SiteSearch.tsx) and its benchmark (bench/search.mjs), which measures the
// same query the dialog sends.

/**
 * Portuguese articles, prepositions and conjunctions that say nothing about what is looked
 * for. Pagefind reads every word as a prefix and wants them all (AND): 'em' matches 'em',
 * 'embalagem', 'empresa'… in nearly every page, so it narrows nothing, highlights noise in
 * the excerpts, and costs a search of 10,000 articles over 100 ms more ('problemas em
 * campo'). 'na'/'no' stay: engineers write NA and NO for relay contacts.
 */
const STOP_WORDS = new Set([
  'a',
  'à',
  'ao',
  'aos',
  'as',
  'às',
  'com',
  'da',
  'das',
  'de',
  'do',
  'dos',
  'e',
  'em',
  'o',
  'os',
  'ou',
  'para',
  'pela',
  'pelo',
  'por',
  'pra',
  'que',
  'um',
  'uma',
]);

/** A word as compared with the list: lower case, without the punctuation around it. @param {string} word */
const bare = (word) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/**
 * The query Pagefind is asked: the visitor's words without the stop words, or all of them
 * when nothing else is left (a search for 'de' still searches).
 * @example searchQuery('problemas em campo') // 'problemas campo'
 * @param {string} text
 * @returns {string}
 */
export function searchQuery(text) {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const kept = words.filter((word) => !STOP_WORDS.has(bare(word)));
  return (kept.length ? kept : words).join(' ');
}
