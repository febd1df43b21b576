/**
 * The slug rule (posts from the title, pages from the name): lowercase,
 * accents stripped, non-alphanumerics removed, spaces to hyphens, repeated hyphens
 * collapsed. The server applies the same rule (pb_hooks/lib/slug.js); both are
 * checked against the same vectors in tests/unit/slug.test.ts.
 * @example slugify('Instalação do ESP32: Guia Rápido!') // 'instalacao-do-esp32-guia-rapido'
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The shape the server accepts (pb_hooks/lib/content-rules.json). */
export { SLUG_PATTERN } from './content-rules';
