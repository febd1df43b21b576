// Reads what the client-rendered peer needs from our built pages: the exact image
// markup (optimized files, srcset, sizes, dimensions), the article bodies compiled
// from MDX, the reading time and the related articles. The text itself comes from the
// same collections (src/content/ and the blog's JSON index).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'htmlparser2';
import { findAll, findOne, getInnerHTML, textContent } from 'domutils';

/** @typedef {Record<string, string>} Attributes */
/** @typedef {{ sources: Attributes[], img: Attributes }} PictureMarkup */

/** @param {import('domhandler').AnyNode} node @returns {node is import('domhandler').Element} */
const isElement = (node) => node.type === 'tag' || node.type === 'script' || node.type === 'style';

/**
 * @param {string} siteDir
 * @param {string} pathname e.g. "/" or "/blog/slug"
 */
export async function readBuiltPage(siteDir, pathname) {
  const file = path.join(siteDir, pathname, 'index.html');
  return parseDocument(await readFile(file, 'utf8'));
}

/**
 * @param {import('domhandler').Document | import('domhandler').Element} root
 * @param {(element: import('domhandler').Element) => boolean} test
 */
export function findElements(root, test) {
  return findAll(test, root.children);
}

/**
 * @param {import('domhandler').Document | import('domhandler').Element} root
 * @param {(element: import('domhandler').Element) => boolean} test
 */
export function findElement(root, test) {
  return findOne(test, root.children, true);
}

/** @param {string} name @param {string} [className] */
export const byTag = (name, className) => (/** @type {import('domhandler').Element} */ element) =>
  element.name === name && (!className || (element.attribs.class ?? '').split(/\s+/).includes(className));

/**
 * Every `<picture>` of a page, keyed by its image's alt text.
 * @param {import('domhandler').Document} document
 */
export function picturesByAlt(document) {
  /** @type {Record<string, PictureMarkup>} */
  const pictures = {};
  for (const picture of findElements(document, byTag('picture'))) {
    const children = picture.children.filter(isElement);
    const img = children.find((child) => child.name === 'img');
    if (!img) continue;
    pictures[img.attribs.alt ?? ''] = {
      sources: children.filter((child) => child.name === 'source').map((source) => ({ ...source.attribs })),
      img: { ...img.attribs },
    };
  }
  return pictures;
}

/**
 * The hrefs of the page's stylesheets, in order.
 * @param {import('domhandler').Document} document
 */
export function stylesheetHrefs(document) {
  return findElements(document, (element) => element.name === 'link' && element.attribs.rel === 'stylesheet').map(
    (link) => link.attribs.href ?? '',
  );
}

/**
 * What an article page shows besides its summary: cover, reading time, body HTML and
 * related articles (slug plus card image).
 * @param {import('domhandler').Document} document
 */
export function articleParts(document) {
  const article = findElement(document, byTag('article'));
  if (!article) throw new Error('página de artigo sem <article>');
  const cover = findElement(article, (element) => element.name === 'img' && element.attribs.fetchpriority === 'high');
  const body = findElement(article, byTag('div', 'prose-article'));
  const readingTime = findElements(article, byTag('span')).find((span) => /min de leitura$/.test(textContent(span)));
  if (!cover || !body || !readingTime) throw new Error('página de artigo sem capa, corpo ou tempo de leitura');

  const relatedSection = findElement(
    document,
    (element) => element.name === 'section' && element.attribs['aria-labelledby'] === 'relacionados',
  );
  const related = relatedSection
    ? findElements(relatedSection, byTag('li')).map((item) => {
        const link = findElement(item, (element) => element.name === 'a' && /^\/blog\//.test(element.attribs.href ?? ''));
        const image = findElement(item, byTag('img'));
        if (!link || !image) throw new Error('artigo relacionado sem link ou imagem');
        return { slug: (link.attribs.href ?? '').replace(/^\/blog\//, ''), img: { ...image.attribs } };
      })
    : [];

  return {
    cover: { ...cover.attribs },
    readingTime: textContent(readingTime).trim(),
    bodyHtml: getInnerHTML(body, { decodeEntities: false }),
    related,
  };
}
