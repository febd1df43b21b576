/**
 * Markdown the visual editor has no tool for — raw HTML (`<sup>2</sup>`, a `<div>`
 * block) and GFM footnotes (`[^1]` and `[^1]: …`) — kept byte for byte: parsed into
 * atoms that hold their source and write it back unchanged, shown as a grey chip
 * (edited in the 'Markdown' view). Without them, @tiptap/markdown would turn the HTML
 * into escaped text and escape the footnote brackets, and a post saved after any
 * edit would publish differently. The site's pipeline still judges that source when
 * it renders it (src/lib/markdown/sanitize.ts).
 */
import { Node, type MarkdownToken } from '@tiptap/core';

/** An inline tag (open, close or self-closing), an inline comment, or a footnote reference. */
const INLINE = /^(?:<\/?[A-Za-z][\w-]*(?:\s+[^<>]*?)?\s*\/?>|<!--[\s\S]*?-->|\[\^[^\]\s]+\](?!:))/;

/** CommonMark's HTML block start conditions 1–6 (raw text tags, comments, block-level tag names). */
const HTML_BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const HTML_BLOCK_START = new RegExp(
  `^ {0,3}(?:<(?:script|pre|style|textarea)[\\s>]|<!--|<\\?|<![A-Za-z]|<!\\[CDATA\\[|</?(?:${HTML_BLOCK_TAGS})(?:[\\s/>]|$)|` +
    // Condition 7: a line holding one complete open or closing tag and nothing else.
    `(?:<[A-Za-z][\\w-]*(?:\\s+[^<>]*?)?\\s*/?>|</[A-Za-z][\\w-]*\\s*>)[ \\t]*$)`,
  'i',
);
/** A footnote definition's first line. */
const FOOTNOTE_START = /^ {0,3}\[\^[^\]\s]+\]:/;

/** The block from `src`'s start up to (not including) the first blank line; continuation lines of a footnote are indented. */
function blockSource(src: string): string | null {
  const firstLine = src.slice(0, src.indexOf('\n') >>> 0);
  const footnote = FOOTNOTE_START.test(firstLine);
  if (!footnote && !HTML_BLOCK_START.test(firstLine)) return null;
  const lines = src.split('\n');
  const taken: string[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') {
      // A footnote goes on past a blank line when the next line is indented.
      if (footnote && /^(?: {4}|\t)/.test(lines[index + 1] ?? '')) {
        taken.push(line);
        continue;
      }
      break;
    }
    if (footnote && index > 0 && /^ {0,3}\[\^[^\]\s]+\]:/.test(line)) break;
    taken.push(line);
  }
  return taken.join('\n');
}

const chip = {
  'data-preserved': '',
  title: 'Trecho em Markdown ou HTML mantido como está: edite-o no modo Markdown',
  contenteditable: 'false',
};

const sourceAttribute = {
  source: {
    default: '',
    parseHTML: (element: HTMLElement) => element.getAttribute('data-source') ?? '',
    renderHTML: (attributes: { source: string }) => ({ 'data-source': attributes.source }),
  },
};

export const PreservedInline = Node.create({
  name: 'preservedInline',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes: () => sourceAttribute,
  parseHTML: () => [{ tag: 'code[data-preserved][data-source]' }],
  renderHTML: ({ node, HTMLAttributes }) => ['code', { ...HTMLAttributes, ...chip }, String(node.attrs.source)],
  markdownTokenName: 'preservedInline',
  markdownTokenizer: {
    name: 'preservedInline',
    level: 'inline',
    start: (src: string) => src.search(/<[A-Za-z/!]|\[\^/),
    tokenize: (src: string): MarkdownToken | undefined => {
      const match = INLINE.exec(src);
      return match ? { type: 'preservedInline', raw: match[0], text: match[0] } : undefined;
    },
  },
  parseMarkdown: (token, helpers) => helpers.createNode('preservedInline', { source: token.raw ?? '' }),
  renderMarkdown: (node) => String(node.attrs?.source ?? ''),
});

export const PreservedBlock = Node.create({
  name: 'preservedBlock',
  group: 'block',
  atom: true,
  selectable: true,
  addAttributes: () => sourceAttribute,
  parseHTML: () => [{ tag: 'pre[data-preserved][data-source]' }],
  renderHTML: ({ node, HTMLAttributes }) => ['pre', { ...HTMLAttributes, ...chip }, String(node.attrs.source)],
  markdownTokenName: 'preservedBlock',
  markdownTokenizer: {
    name: 'preservedBlock',
    level: 'block',
    // Given, so @tiptap/markdown does not probe with a second lexer (which takes over the
    // shared tokenizer and leaves the document's inline text unparsed).
    start: (src: string) => src.search(/^ {0,3}(?:<|\[\^)/m),
    tokenize: (src: string): MarkdownToken | undefined => {
      const source = blockSource(src);
      if (!source) return undefined;
      // The blank lines after the block belong to it, as marked's own block tokens take them.
      const raw = src.slice(0, source.length + (/^\n*/.exec(src.slice(source.length))?.[0].length ?? 0));
      return { type: 'preservedBlock', raw, text: source };
    },
  },
  parseMarkdown: (token, helpers) => helpers.createNode('preservedBlock', { source: token.text ?? '' }),
  renderMarkdown: (node) => String(node.attrs?.source ?? ''),
});
