/**
 * Words and reading time of an article, the same count for the site's article header
 * (src/lib/blog/blog.ts) and the editor's note under the body.
 */

/** Words of a text, HTML tags left out. @example countWords('Olá, <b>mundo</b>!') // 2 */
export function countWords(text: string): number {
  return text
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
}

/** Reading time in minutes at 200 words a minute (at least 1). */
export function readingMinutes(text: string): number {
  return Math.max(1, Math.round(countWords(text) / 200));
}
