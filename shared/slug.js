/**
 * Slugs, as the site, the admin and the hooks make them (posts from the title, pages
 * from the name): lowercase, accents stripped, non-alphanumerics removed, spaces to
 * hyphens, repeated hyphens collapsed. The shape the server accepts is
 * content-rules.json's `slugPattern`.
 */

/**
 * Lowercase without accents: for slugs and for searching text as people type it.
 * @param {unknown} text
 * @returns {string}
 */
export function fold(text) {
  return String(text || '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * @example slugify('Instalação do ESP32: Guia Rápido!') // 'instalacao-do-esp32-guia-rapido'
 * @param {unknown} text
 * @returns {string}
 */
export function slugify(text) {
  return fold(text)
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}
