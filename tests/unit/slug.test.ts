import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { slugify } from '../../shared/slug.js';
import { SLUG_PATTERN } from '../../src/lib/cms/content-rules';

// The hooks load the same module their own way (pb_hooks/lib/common/shared.js).
const require = createRequire(import.meta.url);
(globalThis as Record<string, unknown>).__hooks = new URL('../../pb_hooks', import.meta.url).pathname;
const server = require('../../pb_hooks/lib/common/slug.js') as { slugify: (text: string) => string };

const VECTORS: [string, string][] = [
  ['Instalação do ESP32: Guia Rápido!', 'instalacao-do-esp32-guia-rapido'],
  ['  Leitura de Termopar   tipo K  ', 'leitura-de-termopar-tipo-k'],
  ['Função map() no Arduino', 'funcao-map-no-arduino'],
  ['Casos de Sucesso -- 2024', 'casos-de-sucesso-2024'],
  ['Ação & Reação / Teste', 'acao-reacao-teste'],
  ['Çedilha e Ñ', 'cedilha-e-n'],
  ['---', ''],
];

describe('slugify', () => {
  test.each(VECTORS)('turns %j into %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  test.each(VECTORS)('the hooks’ slugify turns %j into %j too', (input, expected) => {
    expect(server.slugify(input)).toBe(expected);
  });

  test('produces slugs the server accepts', () => {
    for (const [input, expected] of VECTORS) if (expected) expect(slugify(input)).toMatch(SLUG_PATTERN);
  });
});
