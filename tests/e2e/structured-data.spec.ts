/**
 * Structured data in the built site: every JSON-LD block parses and carries the
 * properties Google's and schema.org's documentation require or recommend for its
 * type, every URL in it is absolute on the canonical origin, and each kind of page
 * has the blocks that describe it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from './fixtures';

type Node = Record<string, unknown>;

const JSON_LD = /<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const E164 = /^\+\d{8,15}$/;
/** Properties whose value is a URL of ours (sameAs points at other sites on purpose). */
const URL_KEYS = new Set(['url', 'item', 'image', 'logo', '@id', 'mainEntityOfPage']);

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const asList = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const filled = (value: unknown) => typeof value === 'string' && value.trim().length > 0;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) =>
    name.startsWith('#')
      ? String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)))
      : (ENTITIES[name] ?? entity),
  );

/** The visible text of every match of `pattern`'s first group, tags stripped. */
function texts(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) =>
    decode(match[1]!.replace(/<[^>]+>/g, ''))
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** Checks one JSON-LD node of a known type; returns what is wrong with it. */
function validate(node: Node, origin: string): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => {
    if (!ok) problems.push(`${String(node['@type'])}: ${what}`);
  };
  const onOrigin = (value: unknown) => typeof value === 'string' && value.startsWith(`${origin}/`);
  const imageUrl = (value: unknown) => (isNode(value) ? value.url : value);

  switch (node['@type']) {
    case 'Organization': {
      need(filled(node.name), 'name');
      need(onOrigin(node.url), 'url absoluta na origem canônica');
      need(onOrigin(imageUrl(node.logo)), 'logo');
      for (const point of asList(node.contactPoint)) {
        need(isNode(point) && point['@type'] === 'ContactPoint', 'contactPoint do tipo ContactPoint');
        need(
          isNode(point) && typeof point.telephone === 'string' && E164.test(point.telephone),
          'contactPoint.telephone em E.164',
        );
        need(isNode(point) && filled(point.contactType), 'contactPoint.contactType');
      }
      break;
    }
    case 'Product': {
      need(filled(node.name), 'name');
      need(filled(node.description), 'description');
      const images = asList(node.image).map(imageUrl);
      need(images.length > 0 && images.every(onOrigin), 'image');
      need(
        isNode(node.brand) && ['Brand', 'Organization'].includes(String(node.brand['@type'])) && filled(node.brand.name),
        'brand com name',
      );
      for (const offer of asList(node.offers)) {
        need(isNode(offer) && (typeof offer.price === 'number' || filled(offer.price)), 'offers.price');
        need(
          isNode(offer) && typeof offer.priceCurrency === 'string' && /^[A-Z]{3}$/.test(offer.priceCurrency),
          'offers.priceCurrency',
        );
        need(
          isNode(offer) && typeof offer.availability === 'string' && offer.availability.startsWith('https://schema.org/'),
          'offers.availability',
        );
      }
      break;
    }
    case 'BlogPosting': {
      need(filled(node.headline) && String(node.headline).length <= 110, 'headline de até 110 caracteres');
      for (const key of ['datePublished', 'dateModified'])
        need(
          typeof node[key] === 'string' && ISO_8601.test(node[key]) && !Number.isNaN(Date.parse(node[key])),
          `${key} em ISO 8601`,
        );
      need(
        Date.parse(String(node.dateModified)) >= Date.parse(String(node.datePublished)),
        'dateModified depois de datePublished',
      );
      const authors = asList(node.author);
      need(authors.length > 0 && authors.every((author) => isNode(author) && filled(author.name)), 'author com name');
      need(asList(node.image).length > 0 && asList(node.image).map(imageUrl).every(onOrigin), 'image');
      const publisher = node.publisher;
      need(
        isNode(publisher) && publisher['@type'] === 'Organization' && filled(publisher.name),
        'publisher Organization com name',
      );
      need(isNode(publisher) && onOrigin(imageUrl(publisher.logo)), 'publisher.logo');
      const page = isNode(node.mainEntityOfPage) ? node.mainEntityOfPage['@id'] : node.mainEntityOfPage;
      need(onOrigin(page), 'mainEntityOfPage');
      break;
    }
    case 'BreadcrumbList': {
      const items = asList(node.itemListElement);
      need(items.length >= 2, 'itemListElement com ao menos dois itens');
      items.forEach((item, index) => {
        need(isNode(item) && item['@type'] === 'ListItem', `item ${index + 1} do tipo ListItem`);
        need(isNode(item) && item.position === index + 1, `item ${index + 1} com position ${index + 1}`);
        need(isNode(item) && filled(item.name), `item ${index + 1} com name`);
        const last = index === items.length - 1;
        need(isNode(item) && ((last && item.item === undefined) || onOrigin(item.item)), `item ${index + 1} com URL absoluta`);
      });
      const urls = items.flatMap((item) => (isNode(item) && item.item !== undefined ? [item.item] : []));
      need(new Set(urls).size === urls.length, 'cada item com a sua própria URL');
      break;
    }
    case 'FAQPage': {
      const questions = asList(node.mainEntity);
      need(questions.length > 0, 'mainEntity com perguntas');
      for (const question of questions) {
        need(isNode(question) && question['@type'] === 'Question' && filled(question.name), 'Question com name');
        const answer = isNode(question) ? question.acceptedAnswer : undefined;
        need(isNode(answer) && answer['@type'] === 'Answer' && filled(answer.text), 'acceptedAnswer Answer com text');
      }
      break;
    }
    default:
      problems.push(`tipo sem validação: ${String(node['@type'])}`);
  }
  return problems;
}

/** Every URL-valued property anywhere in the data, with its path. */
function urlsIn(value: unknown, where = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => urlsIn(item, `${where}[${index}]`));
  if (!isNode(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    ...(URL_KEYS.has(key) && typeof child === 'string' ? [[`${where}.${key}`, child] as [string, string]] : []),
    ...urlsIn(child, `${where}.${key}`),
  ]);
}

interface Page {
  file: string;
  html: string;
  blocks: Node[];
}

async function builtPages(siteDir: string): Promise<{ pages: Page[]; problems: string[] }> {
  const files = (await readdir(siteDir, { recursive: true })).filter((file) => file.endsWith('.html')).sort();
  const pages: Page[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const html = await readFile(path.join(siteDir, file), 'utf8');
    const blocks: Node[] = [];
    for (const [, text] of html.matchAll(JSON_LD)) {
      try {
        for (const node of asList(JSON.parse(text!))) blocks.push(node as Node);
      } catch (error) {
        problems.push(`${file}: JSON-LD inválido (${error instanceof Error ? error.message : error})`);
      }
    }
    pages.push({ file, html, blocks });
  }
  return { pages, problems };
}

const typesOf = (page: Page) => page.blocks.map((block) => String(block['@type'])).sort();

test.describe('structured data', () => {
  let pages: Page[];
  let parseProblems: string[];
  let origin: string;

  test.beforeAll(async () => {
    ({ pages, problems: parseProblems } = await builtPages(process.env.E2E_SITE_DIR!));
    const home = pages.find((page) => page.file === 'index.html')!;
    origin = new URL(/<link rel="canonical" href="([^"]+)"/.exec(home.html)![1]!).origin;
  });

  test('every JSON-LD block is valid, with the properties its type needs and URLs on the canonical origin', () => {
    const problems = [...parseProblems];
    for (const page of pages) {
      for (const block of page.blocks) {
        if (block['@context'] !== 'https://schema.org') problems.push(`${page.file}: @context deve ser https://schema.org`);
        problems.push(...validate(block, origin).map((problem) => `${page.file}: ${problem}`));
        for (const [where, url] of urlsIn(block))
          if (!url.startsWith(`${origin}/`)) problems.push(`${page.file}: ${where} = ${url} fora da origem canônica ${origin}`);
      }
    }
    expect(pages.filter((page) => page.blocks.length > 0).length).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  test('the home page describes the company', () => {
    const home = pages.find((page) => page.file === 'index.html')!;
    expect(typesOf(home)).toEqual(['Organization']);
  });

  test('every product page has Product and a BreadcrumbList matching the visible trail', () => {
    const products = pages.filter((page) => /^produtos\/[^/]+\/index\.html$/.test(page.file));
    expect(products.length).toBeGreaterThan(3);
    for (const page of products) {
      expect(typesOf(page), page.file).toEqual(['BreadcrumbList', 'Product']);
      const product = page.blocks.find((block) => block['@type'] === 'Product')!;
      expect(product.name, page.file).toBe(texts(page.html, /<h1[^>]*>([\s\S]*?)<\/h1>/g)[0]);
      const nav = /<nav aria-label="Trilha de navegação"[^>]*>([\s\S]*?)<\/nav>/.exec(page.html)![1]!;
      const visible = texts(nav, /<li[^>]*>([\s\S]*?)<\/li>/g).map((text) => text.replace(/\s*\/$/, ''));
      const trail = page.blocks.find((block) => block['@type'] === 'BreadcrumbList')!.itemListElement as Node[];
      expect(
        trail.map((item) => item.name),
        page.file,
      ).toEqual(visible);
      expect(trail.at(-1)!.item, page.file).toBe(`${origin}/${path.dirname(page.file)}`);
      // Every step leads to a page of the site (a line's own page, not the catalogue's).
      const built = new Set(
        pages.map((other) => (other.file === 'index.html' ? `${origin}/` : `${origin}/${path.dirname(other.file)}`)),
      );
      for (const item of trail) expect(built, `${page.file}: ${String(item.item)}`).toContain(item.item);
    }
  });

  test('every article has BlogPosting and BreadcrumbList', () => {
    const articles = pages.filter(
      (page) => /^blog\/[^/]+\/index\.html$/.test(page.file) && !/^blog\/(404|pagina)\//.test(page.file),
    );
    expect(articles.length).toBeGreaterThan(5);
    for (const page of articles) {
      expect(typesOf(page), page.file).toEqual(['BlogPosting', 'BreadcrumbList']);
      const posting = page.blocks.find((block) => block['@type'] === 'BlogPosting')!;
      const title = texts(page.html, /<h1[^>]*>([\s\S]*?)<\/h1>/g)[0]!;
      expect(title.startsWith(String(posting.headline).replace(/…$/, '')), page.file).toBe(true);
      expect(posting.mainEntityOfPage, page.file).toEqual({ '@type': 'WebPage', '@id': `${origin}/${path.dirname(page.file)}` });
    }
  });

  test('every page with a FAQ carries FAQPage with the same questions and answers', () => {
    const withFaq = pages.filter((page) => /<details[^>]*name="faq"/.test(page.html));
    expect(withFaq.map((page) => page.file)).toContain('contato/index.html');
    for (const page of withFaq) {
      const faq = page.blocks.find((block) => block['@type'] === 'FAQPage');
      expect(faq, page.file).toBeDefined();
      const questions = (faq!.mainEntity as Node[]).map((question) => [question.name, (question.acceptedAnswer as Node).text]);
      const visible = [...page.html.matchAll(/<details[^>]*name="faq"[^>]*>([\s\S]*?)<\/details>/g)].map(([, inner]) => [
        texts(inner!, /<summary[^>]*>([\s\S]*?)<\/summary>/g)[0],
        texts(inner!, /<p[^>]*>([\s\S]*?)<\/p>/g)[0],
      ]);
      expect(questions, page.file).toEqual(visible);
    }
  });
});
