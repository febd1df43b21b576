// Generated CMS post bodies for bench/editor.mjs: plain Markdown as editors write it in
// the admin (headings, paragraphs with bold and inline code, numbered and bulleted
// lists, a table, internal and external links, quotes, an image, code blocks in a few
// languages). Deterministic: built from bench/lib/articles.mjs's seeded articles, so the
// same arguments always give the same text.
import { countWords } from '../../src/lib/blog/reading.ts';
import { generateArticle } from './articles.mjs';

const ARTICLE_CODE = /```cpp\n[\s\S]*?\n```/;

/**
 * A code block other than the article's C++ one, unique to `n` (no two posts share a
 * highlighted block, as in real posts), or null to keep the C++ one: shell, JSON and
 * C++ in turn along the posts that have code (every third one).
 * @param {number} n
 */
function codeBlock(n) {
  switch (Math.floor(n / 3) % 3) {
    case 1:
      return [
        '```bash',
        `# Gravar o firmware no controlador ${n} e abrir o monitor serial`,
        'pio run --environment esp32dev --target upload',
        `pio device monitor --baud 115200 --filter time --port /dev/ttyUSB${n % 4}`,
        `grep -c "ERRO" registro-${n}.log || echo "nenhuma falha registrada"`,
        '```',
      ].join('\n');
    case 2:
      return [
        '```json',
        '{',
        `  "controlador": "OPE-${100 + (n % 50)}",`,
        '  "modbus": { "endereco": ' + ((n % 247) + 1) + ', "baud": 9600, "paridade": "par" },',
        `  "entradas": [${Array.from({ length: 4 }, (_, i) => `{ "canal": ${i + 1}, "faixa": "4-20mA" }`).join(', ')}],`,
        `  "amostragemMs": ${100 + (n % 10) * 50}`,
        '}',
        '```',
      ].join('\n');
    default:
      return null;
  }
}

/**
 * The body of the n-th CMS post (n from 1): one generated article, with links, a quote
 * on every fourth post and an image on every fifth; a code block only when
 * `withCode` (C++, shell or JSON by n).
 * @param {number} n
 * @param {{ withCode: boolean }} options
 */
export function postBody(n, { withCode }) {
  const article = generateArticle(n);
  const other = codeBlock(n);
  let body = withCode
    ? other
      ? article.body.replace(ARTICLE_CODE, other)
      : article.body
    : article.body.replace(ARTICLE_CODE, '');
  const links =
    `Os detalhes de ligação estão no [catálogo de controladores](/produtos/ope100) e no ` +
    `[manual do fabricante do sensor](https://www.exemplo.com.br/manuais/sensor-${n}.pdf); ` +
    `dúvidas podem ir para o [suporte técnico](mailto:suporte@exemplo.com.br).`;
  const extras = [links];
  if (n % 4 === 0) extras.push(`> **Dica de campo:** ${article.excerpt}`);
  if (n % 5 === 0) extras.push(`![${article.imageAlt}](https://www.exemplo.com.br/imagens/painel-${n}.jpg)`);
  // After the introduction, before the first heading.
  const firstHeading = body.indexOf('\n\n## ');
  body = `${body.slice(0, firstHeading)}\n\n${extras.join('\n\n')}${body.slice(firstHeading)}`;
  return body.replace(/\n{3,}/g, '\n\n').trim() + '\n';
}

/**
 * `count` CMS posts, a third of them with a code block (every third post).
 * @param {number} count
 * @returns {{ n: number, title: string, hasCode: boolean, body: string }[]}
 */
export function cmsPosts(count) {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const hasCode = n % 3 === 0;
    return { n, title: generateArticle(n).title, hasCode, body: postBody(n, { withCode: hasCode }) };
  });
}

/**
 * A long post of at least `words` words (counted as the editor counts them): chapters
 * (H2) made of generated articles, their sections as H3, every chapter with its code
 * block, closed by one paragraph that holds `lastParagraph`.
 * @param {number} words
 * @param {string} lastParagraph unique text to find the end of the post by
 */
export function longPost(words, lastParagraph) {
  const chapters = [];
  let total = countWords(lastParagraph);
  for (let n = 1; total < words; n++) {
    const chapter = `## ${generateArticle(n).title}\n\n${postBody(n, { withCode: true }).replace(/^## /gm, '### ')}`;
    chapters.push(chapter);
    total += countWords(chapter);
  }
  return `${chapters.join('\n')}\n${lastParagraph}\n`;
}
