/** Catalogue records for the API tests (shared/catalog.js): a valid new product, and a line's id by its slug. */
import { uploadPng } from './images';
import type { StaffServer } from './staff';

let serial = 0;

/** A PNG uploaded to Mídia by the editor; answers its record id. */
export const mediaImage = async (s: StaffServer, alt = 'Placa de teste vista de frente') =>
  (await uploadPng(s.editor.client, 320, 224, alt)).split('/')[4]!;

export const lineId = async (s: StaffServer, slug: string) =>
  (await s.superuser.collection('product_lines').getFirstListItem(`slug = "${slug}"`)).id;

/** A valid new product in the `ops` line, with two Mídia images, at an address of its own; `extra` overrides any field. */
export async function newProduct(s: StaffServer, extra: Record<string, unknown> = {}) {
  const [first, second] = [await mediaImage(s), await mediaImage(s, 'Placa de teste vista de lado')];
  return {
    slug: `teste-${Date.now().toString(36)}-${++serial}`,
    model: 'OPS999',
    name: 'Controlador de teste',
    line: await lineId(s, 'ops'),
    order: 9,
    description: 'Controlador de teste com entradas rápidas e saídas a transistor.',
    tagline: 'Um controlador só para os testes',
    specs: ['8 entradas digitais', '8 saídas a transistor', 'Alimentação 24 Vdc'],
    key_features: ['Entradas isoladas', 'Saídas protegidas', 'Programável pela Arduino IDE'],
    applications: ['Esteiras', 'Embaladoras', 'Bancadas de teste'],
    images: [
      { image: first, alt: 'Placa de teste vista de frente' },
      { image: second, alt: 'Placa de teste vista de lado' },
    ],
    related: [],
    status: 'published',
    ...extra,
  };
}
