/**
 * The catalogue's form (src/admin/catalog/catalogForm.ts): a record's lists of texts become
 * rows the form can move, and a save sends back what the server reads, checked first with
 * the server's own rule (shared/catalog.js).
 */
import { describe, expect, test } from 'vitest';
import seed from '../../shared/site-catalog.json';
import { kindOf, toBody, toForm, validateCatalog } from '../../src/admin/catalog/catalogForm';

const ID = 'abc123def456ghi';
const product = { ...seed.products[0]!, line: ID, datasheet: ID, related: [] };

describe('the form of a product', () => {
  test('holds each list as rows of { text } and sends back the texts, empty rows left out', () => {
    const form = toForm('products', product);
    expect(form.specs).toEqual(product.specs.map((text) => ({ text })));
    expect(form.catalogue_specs).toEqual([]);
    const rows = [...(form.specs as { text: string }[]), { text: '  ' }];
    expect(toBody('products', { ...form, specs: rows }).specs).toEqual(product.specs);
    expect(toBody('products', form)).toEqual({ ...product, catalogue_specs: [] });
  });

  test('an image from Mídia replaces the site file it had', () => {
    const body = toBody('products', {
      ...product,
      images: [{ builtin: 'products/ops010-1.png', image: ID, alt: 'Nova foto da placa' }],
    });
    expect(body.images).toEqual([{ image: ID, alt: 'Nova foto da placa' }]);
  });

  test("is checked with the server's sentences", () => {
    expect(validateCatalog('products', toForm('products', product))).toEqual({});
    expect(validateCatalog('products', toForm('products', { ...product, specs: ['Uma', 'Duas especificações'] }))).toEqual({
      specs: 'Especificações: adicione pelo menos 3 (tem 2).',
    });
    expect(validateCatalog('products', toForm('products', { ...product, specs: ['Ok', 'Duas', 'Três'] }))).toEqual({
      specs: 'Especificação 1: no mínimo 3 caracteres.',
    });
  });

  test("'Agendado' asks for a future time, sent as UTC; other statuses send none", () => {
    const scheduled = toForm('products', { ...product, status: 'scheduled' });
    expect(validateCatalog('products', scheduled)).toEqual({ published_at: 'Informe a data e a hora da publicação agendada.' });
    expect(validateCatalog('products', { ...scheduled, published_at: '2000-01-01T10:00' })).toEqual({
      published_at: 'A publicação agendada precisa ser em uma data e hora futuras.',
    });
    // Typed in Brasília time (UTC−3).
    const future = { ...scheduled, published_at: '2099-01-01T10:00' };
    expect(validateCatalog('products', future)).toEqual({});
    expect(toBody('products', future).published_at).toBe('2099-01-01T13:00:00.000Z');
    expect(toBody('products', { ...future, status: 'published' })).not.toHaveProperty('published_at');
  });
});

describe('the form of a line', () => {
  const line = seed.lines[0]!;
  test('keeps its site picture until a Mídia image replaces it', () => {
    expect(toBody('product_lines', toForm('product_lines', line))).not.toHaveProperty('builtin_image');
    expect(toBody('product_lines', { ...line, image: ID })).toMatchObject({ image: ID, builtin_image: '' });
    expect(validateCatalog('product_lines', line)).toEqual({});
    expect(validateCatalog('product_lines', { ...line, builtin_image: '' })).toEqual({
      image: 'Imagem: escolha uma imagem na Mídia.',
    });
  });

  test('route names map to their collections', () => {
    expect(kindOf('lines')).toBe('product_lines');
    expect(kindOf('software')).toBe('software');
  });
});
