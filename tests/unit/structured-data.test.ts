import { describe, expect, test } from 'vitest';
import { MAX_HEADLINE, blogPostingLd, breadcrumbLd, headline } from '../../src/lib/site/structured-data';

const ORIGIN = 'https://www.exemplo.com.br';

describe('structured data helpers', () => {
  test('a headline longer than Google shows is cut at a word, with an ellipsis', () => {
    const title = `${'Controlador industrial com ESP32 e entradas optoacopladas '.repeat(4)}final`;
    const cut = headline(title);
    expect(cut.length).toBeLessThanOrEqual(MAX_HEADLINE);
    expect(cut.endsWith('…')).toBe(true);
    expect(title.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.slice(0, -1)).not.toMatch(/\s$/);
    expect(headline('Título curto')).toBe('Título curto');
  });

  test('an article keeps its full dates, absolute URLs and the publisher logo', () => {
    const data = blogPostingLd(
      {
        title: 'Função map no Arduino',
        description: 'Resumo',
        image: '/_astro/capa.webp',
        author: 'Equipe',
        published: new Date('2025-03-04T12:00:00Z'),
        section: 'Tutoriais',
        tags: [],
        path: '/blog/funcao-map-no-arduino',
      },
      ORIGIN,
    );
    expect(data).toMatchObject({
      datePublished: '2025-03-04T09:00:00-03:00',
      dateModified: '2025-03-04T09:00:00-03:00',
      image: `${ORIGIN}/_astro/capa.webp`,
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${ORIGIN}/blog/funcao-map-no-arduino` },
      publisher: { '@type': 'Organization', logo: { url: `${ORIGIN}/apple-touch-icon.png` } },
    });
    expect(data).not.toHaveProperty('keywords');
  });

  test('breadcrumb positions count from 1 and every step has an absolute URL', () => {
    const data = breadcrumbLd(
      [
        { name: 'Home', path: '/' },
        { name: 'Linha S', path: '/produtos?category=ops' },
      ],
      ORIGIN,
    );
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Linha S', item: `${ORIGIN}/produtos?category=ops` },
    ]);
  });
});
