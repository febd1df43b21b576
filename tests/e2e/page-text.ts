/**
 * What a visitor reads on a page, for tests/e2e/page-text.spec.ts: the title, the meta
 * description, the text of <main> (scripts and styles left out, whitespace collapsed),
 * the alternative text of its images in order, and the ids of its headings (what links
 * such as /quem-somos#valores point at; form fields' ids are React's own and vary).
 */
import type { Page } from '@playwright/test';

export interface PageText {
  title: string;
  description: string;
  main: string;
  imageAlts: string[];
  ids: string[];
}

export async function readPageText(page: Page): Promise<PageText> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    // Whitespace between two blocks is layout, not text: Markdown writes a line break
    // between paragraphs where a component writes none, and a reader sees the same.
    const inline = (node: Node | null) => !(node instanceof Element) || getComputedStyle(node).display.startsWith('inline');
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    let text = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('script, style, template')) continue;
      const value = node.nodeValue ?? '';
      if (!value.trim() && !(inline(node.previousSibling) && inline(node.nextSibling))) continue;
      text += value;
    }
    return {
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      main: text.replace(/\s+/g, ' ').trim(),
      imageAlts: [...main.querySelectorAll('img')].map((image) => image.getAttribute('alt') ?? ''),
      ids: [...main.querySelectorAll('h1[id], h2[id], h3[id], h4[id]')].map((element) => element.id),
    };
  });
}

/** Where two texts first differ, with some context on each side, for a readable failure. */
export function firstDifference(expected: string, actual: string): string {
  let index = 0;
  while (index < expected.length && expected[index] === actual[index]) index++;
  const from = Math.max(0, index - 60);
  return `primeira diferença no caractere ${index}:\n  esperado: …${expected.slice(from, index + 80)}…\n  obtido:   …${actual.slice(from, index + 80)}…`;
}
