/**
 * A page written in the admin is a list of sections, each a heading and a Markdown
 * body. The site renders the whole page as one Markdown document through its
 * pipeline (src/lib/markdown/), so every heading gets a unique anchor and the body
 * looks like any article; the admin's preview and word count read the same text.
 */

export interface PageSection {
  heading: string;
  body: string;
}

/** A heading's text as Markdown that reads back as that exact text (every ASCII punctuation mark escaped). */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(/[!-/:-@[-`{-~]/g, '\\$&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The page's Markdown: each section's heading as a level-2 heading, then its body.
 * @example pageMarkdown([{ heading: 'Quem somos', body: 'Texto.' }]) // '## Quem somos\n\nTexto.'
 */
export function pageMarkdown(sections: readonly PageSection[]): string {
  return sections
    .map(({ heading, body }) =>
      [heading.trim() ? `## ${escapeMarkdownText(heading)}` : '', body.trim()].filter(Boolean).join('\n\n'),
    )
    .filter(Boolean)
    .join('\n\n');
}

/** Whether a page has anything to show: a section with a heading or a body. */
export function hasContent(sections: readonly PageSection[]): boolean {
  return sections.some(({ heading, body }) => heading.trim() !== '' || body.trim() !== '');
}
