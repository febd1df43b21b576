// Which of a visitor's words the site search looks for (the dialog, src/islands/SiteSearch.tsx,
// asks Pagefind for them, and bench/search.mjs as it does).

/**
 * Portuguese articles, prepositions and conjunctions that say nothing about what is looked
 * for. Every word is wanted (AND), and these are in nearly every page: they narrow
 * nothing, highlight noise in the excerpts, and each costs a pass over every page.
 * 'na'/'no' stay: engineers write NA and NO for relay contacts.
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
 * The words searched: the visitor's words without the stop words, or all of them
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
