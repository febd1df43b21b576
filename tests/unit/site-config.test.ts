import { describe, expect, test } from 'vitest';
import { chatLinkWithText, formatAddress, site } from '../../src/config/site';
import { siteOrigin, DEFAULT_SITE_ORIGIN } from '../../src/config/origin.mjs';
import { isCurrent } from '../../src/config/navigation';
import { seedMenus } from '../../src/lib/site/menus';

describe('site identity', () => {
  test('builds the chat link from the one business number', () => {
    expect(site.chat.link).toBe(`https://wa.me/${site.chat.number}`);
    const link = new URL(chatLinkWithText('Olá! Quero um orçamento & prazo.'));
    expect(link.searchParams.get('phone')).toBe(site.chat.number);
    expect(link.searchParams.get('text')).toBe('Olá! Quero um orçamento & prazo.');
  });

  test('keeps the address in Jaraguá do Sul, SC', () => {
    expect(formatAddress()).toMatch(/Jaraguá do Sul – SC/);
  });

  test('has three phones with dialable E.164 numbers', () => {
    const phones = Object.values(site.phones);
    expect(phones.map((phone) => phone.label)).toEqual(['Geral', 'Comercial', 'Suporte']);
    for (const phone of phones) expect(phone.e164).toMatch(/^\+55\d{10,11}$/);
  });
});

describe('siteOrigin', () => {
  test('defaults to the production origin', () => {
    expect(siteOrigin(undefined)).toBe(DEFAULT_SITE_ORIGIN);
    expect(siteOrigin('  ')).toBe(DEFAULT_SITE_ORIGIN);
  });

  test('keeps only the origin of the configured URL', () => {
    expect(siteOrigin('http://127.0.0.1:8090/qualquer/')).toBe('http://127.0.0.1:8090');
  });

  test('rejects values that are not http(s) URLs, in Portuguese', () => {
    expect(() => siteOrigin('exemplo.com')).toThrow(/PUBLIC_SITE_URL inválida/);
    expect(() => siteOrigin('ftp://exemplo.com')).toThrow(/http:\/\/ ou https:\/\//);
  });
});

describe('navigation', () => {
  test('marks a section as current for its own pages only', () => {
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/', '/produtos')).toBe(false);
    expect(isCurrent('/produtos', '/produtos/ops010')).toBe(true);
    expect(isCurrent('/blog', '/blogueiros')).toBe(false);
  });

  test("a fresh install's top menu opens only the store in a new tab", () => {
    expect(
      seedMenus()
        .header.links.filter((link) => link.external)
        .map((link) => link.label),
    ).toEqual(['Loja']);
  });
});
