/**
 * The catalogue's rules (shared/catalog.js), as the hooks, the site's collections and the
 * admin's forms apply them: every seeded record meets them, and each kind of mistake
 * gets its pt-BR sentence on its field.
 */
import { describe, expect, test } from 'vitest';
import { CATALOG, catalogProblems } from '../../shared/catalog.js';
import { MEDIA_ID_PATTERN } from '../../shared/page-sections.js';
import { SITE_ASSET_PATH_PATTERN } from '../../shared/site-assets.js';
import seed from '../../shared/site-catalog.json';
import rules from '../../shared/content-rules.json';

const patterns = { recordId: MEDIA_ID_PATTERN, asset: SITE_ASSET_PATH_PATTERN, slug: rules.slugPattern };
const ID = 'abc123def456ghi';

/** A seeded product as the server stores it: relations by record id. */
const stored = (product: (typeof seed.products)[number]) => ({ ...product, line: ID, datasheet: ID, related: [] });

describe('the seed', () => {
  test('meets every rule, as a fresh install saves it', () => {
    for (const line of seed.lines) expect(catalogProblems('product_lines', line, patterns), line.slug).toEqual({});
    for (const product of seed.products) expect(catalogProblems('products', stored(product), patterns), product.slug).toEqual({});
    for (const sheet of seed.datasheets) expect(catalogProblems('datasheets', sheet, patterns), sheet.slug).toEqual({});
    for (const item of seed.software) expect(catalogProblems('software', item, patterns), item.slug).toEqual({});
  });

  test('names every field of its records, and no other', () => {
    const known = (kind: keyof typeof CATALOG, extra: string[] = []) => [...Object.keys(CATALOG[kind].fields), ...extra];
    for (const line of seed.lines)
      for (const key of Object.keys(line)) expect(known('product_lines', ['builtin_image'])).toContain(key);
    for (const product of seed.products) for (const key of Object.keys(product)) expect(known('products')).toContain(key);
  });
});

describe('each mistake on its field', () => {
  const product = stored(seed.products[0]!);
  test('texts, lists and their items', () => {
    expect(catalogProblems('products', { ...product, model: '' }, patterns)).toEqual({ model: 'Preencha o campo modelo.' });
    expect(catalogProblems('products', { ...product, tagline: 'Duas\nlinhas de chamada' }, patterns)).toEqual({
      tagline: 'Chamada: use uma linha só.',
    });
    expect(catalogProblems('products', { ...product, specs: ['Uma especificação', 'Outra', 'x'] }, patterns)).toEqual({
      specs: 'Especificação 3: no mínimo 3 caracteres.',
    });
    expect(catalogProblems('products', { ...product, catalogue_specs: [] }, patterns)).toEqual({});
    expect(catalogProblems('products', { ...product, key_features: [] }, patterns)).toEqual({
      key_features: 'Diferenciais: adicione pelo menos 3.',
    });
  });

  test('images: one of Mídia or the site, each with its alternative text', () => {
    const [first, second] = product.images;
    expect(catalogProblems('products', { ...product, images: [first, { alt: 'Imagem sem arquivo nenhum' }] }, patterns)).toEqual({
      images: 'Imagem 2: escolha uma imagem na Mídia.',
    });
    expect(
      catalogProblems('products', { ...product, images: [first, { ...second, builtin: '../etc/passwd' }] }, patterns),
    ).toEqual({
      images: 'Imagem 2: use o caminho de uma imagem de src/assets (por exemplo products/ops010-1.png).',
    });
    expect(catalogProblems('products', { ...product, images: [first, { image: ID, alt: 'Curto' }] }, patterns)).toEqual({
      images: 'Imagem 2, texto alternativo: no mínimo 10 caracteres.',
    });
    expect(catalogProblems('products', { ...product, images: [first, { ...second, src: 'x' }] }, patterns)).toEqual({
      images: 'Imagem 2: campo desconhecido “src”.',
    });
    expect(catalogProblems('product_lines', { ...seed.lines[0], builtin_image: '' }, patterns)).toEqual({
      image: 'Imagem: escolha uma imagem na Mídia.',
    });
  });

  test('relations, addresses, colours, options and order', () => {
    expect(catalogProblems('products', { ...product, line: '' }, patterns)).toEqual({ line: 'Preencha o campo linha.' });
    expect(catalogProblems('products', { ...product, related: [ID, ID] }, patterns)).toEqual({
      related: 'Produtos relacionados: há itens repetidos.',
    });
    expect(
      catalogProblems(
        'products',
        { ...product, related: [ID, ID.replace('a', 'b'), ID.replace('a', 'c'), ID.replace('a', 'd')] },
        patterns,
      ),
    ).toEqual({
      related: 'Produtos relacionados: no máximo 3 (tem 4).',
    });
    expect(catalogProblems('product_lines', { ...seed.lines[0], color: '#12345' }, patterns)).toEqual({
      color: 'Cor: uma cor como #0b3d6e.',
    });
    expect(catalogProblems('software', { ...seed.software[0], category: 'Jogos' }, patterns)).toEqual({
      category: 'Categoria: opção desconhecida.',
    });
    expect(catalogProblems('datasheets', { ...seed.datasheets[0], url: 'https://' }, patterns)).toEqual({
      url: 'Endereço do arquivo: use um endereço https://.',
    });
    expect(catalogProblems('datasheets', { ...seed.datasheets[0], order: 1.5 }, patterns)).toEqual({
      order: 'Ordem: um número inteiro de 1 a 999.',
    });
  });
});
