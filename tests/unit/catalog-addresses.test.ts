/** The old addresses of renamed products the site redirects (src/lib/catalog/addresses.ts). */
import { describe, expect, test } from 'vitest';
import { movedProducts } from '../../src/lib/catalog/addresses';

const product = (id: string, oldSlugs: string[] = []) => ({ id, data: { oldSlugs } });

describe('movedProducts', () => {
  test("each old address goes to its product's page", () => {
    expect(movedProducts([product('opx1002', ['opx1001b', 'opx1001c']), product('ops010')])).toEqual([
      { from: '/produtos/opx1001b', to: '/produtos/opx1002' },
      { from: '/produtos/opx1001c', to: '/produtos/opx1002' },
    ]);
  });

  test("never one another product has, the lines' folder, nor one listed twice", () => {
    expect(
      movedProducts([product('opx1002', ['ops010', 'linha', 'antigo']), product('ops010'), product('opm001', ['antigo'])]),
    ).toEqual([{ from: '/produtos/antigo', to: '/produtos/opx1002' }]);
  });
});
