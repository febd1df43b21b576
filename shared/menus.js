// The site's menus (the header navigation and the footer's link columns) as staff edit
// them in 'Menu': which menus there are, what an item holds and the rules an item
// follows, written once for the hooks (pb_hooks/lib/menus/menus.js refuses a menu that
// breaks them, in pt-BR), the admin's form (src/admin/menus/) and the site's build
// (src/lib/site/menus.ts). Loaded by the hooks through pb_hooks/lib/common/shared.js:
// only `export const` / `export function`, no imports.
//
// A menu record is `{ key, title, items }`; an item is `{ id, label, page, url, new_tab }`
// and targets either a page (`page`, a page record's id: the link follows the page when
// its slug changes) or an address (`url`: a path on this site or an https:// address).

/** The menus, in the admin's order; `title` is the heading a footer column shows. */
export const MENUS = [
  { key: 'header', label: 'Menu do topo', hasTitle: false },
  { key: 'footer_links', label: 'Rodapé: primeira coluna', hasTitle: true },
  { key: 'footer_resources', label: 'Rodapé: segunda coluna', hasTitle: true },
];

export const MENU_LIMITS = { maxItems: 12, labelMax: 40, titleMax: 40, urlMax: 500 };

/** An item's `id`: letters and digits, as the admin generates them. */
export const MENU_ITEM_ID_PATTERN = '^[a-z0-9]{4,24}$';
/** A page record's id. */
export const MENU_PAGE_ID_PATTERN = '^[a-z0-9]{15}$';
/**
 * An address: a path on this site (with an optional #anchor or ?query), or an https://
 * address. A path never starts with // or /\ (browsers read both as another site's address).
 */
export const MENU_URL_PATTERN = '^(/(?![/\\\\])[^\\s]*|https://[^\\s/]+[^\\s]*)$';

const ITEM_KEYS = ['id', 'label', 'page', 'url', 'new_tab'];

/** @param {unknown} value @returns {string} */
function text(value) {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * What is wrong with a menu's items, as pt-BR sentences naming the item (its position
 * and label); empty when they are valid. Whether a chosen page exists, and whether a
 * path is one the site serves, is for the caller to check (menuItemPath tells which).
 * @example menuItemProblems([{ id: 'abcd', label: '', url: '/blog' }]) // ['Item 1: preencha o texto do link.']
 * @param {unknown} items
 * @returns {string[]}
 */
export function menuItemProblems(items) {
  if (!Array.isArray(items)) return ['Os itens do menu devem ser uma lista.'];
  /** @type {string[]} */
  const problems = [];
  if (items.length > MENU_LIMITS.maxItems) problems.push(`O menu tem ${items.length} itens; o máximo é ${MENU_LIMITS.maxItems}.`);
  /** @type {Record<string, boolean>} */
  const ids = {};
  items.forEach((/** @type {any} */ item, index) => {
    const label = item && typeof item === 'object' ? text(item.label) : '';
    const where = `Item ${index + 1}${label ? ` (“${label}”)` : ''}: `;
    if (!item || typeof item !== 'object' || Array.isArray(item)) return problems.push(`${where}item inválido.`);
    for (const key of Object.keys(item)) {
      if (ITEM_KEYS.indexOf(key) < 0) problems.push(`${where}campo desconhecido “${key}”.`);
    }
    if (typeof item.id !== 'string' || !new RegExp(MENU_ITEM_ID_PATTERN).test(item.id))
      problems.push(`${where}identificador inválido.`);
    else if (ids[item.id]) problems.push(`${where}identificador repetido.`);
    else ids[item.id] = true;
    if (item.label !== undefined && typeof item.label !== 'string') problems.push(`${where}o texto do link deve ser um texto.`);
    else if (!label) problems.push(`${where}preencha o texto do link.`);
    else if (item.label.length > MENU_LIMITS.labelMax)
      problems.push(`${where}o texto do link tem no máximo ${MENU_LIMITS.labelMax} caracteres.`);
    else if (/[\r\n]/.test(item.label)) problems.push(`${where}o texto do link deve ter uma linha só.`);
    const page = item.page === undefined || item.page === null ? '' : item.page;
    const url = item.url === undefined || item.url === null ? '' : item.url;
    if (typeof page !== 'string' || typeof url !== 'string') return problems.push(`${where}destino inválido.`);
    if (page && url) problems.push(`${where}escolha uma página ou um endereço, não os dois.`);
    else if (!page && !url.trim()) problems.push(`${where}escolha a página ou escreva o endereço do link.`);
    else if (page && !new RegExp(MENU_PAGE_ID_PATTERN).test(page)) problems.push(`${where}página inválida.`);
    else if (url && url.length > MENU_LIMITS.urlMax)
      problems.push(`${where}o endereço tem no máximo ${MENU_LIMITS.urlMax} caracteres.`);
    else if (url && !new RegExp(MENU_URL_PATTERN).test(url.trim()))
      problems.push(`${where}use um caminho do site (/produtos) ou um endereço https://.`);
    if (item.new_tab !== undefined && item.new_tab !== null && typeof item.new_tab !== 'boolean')
      problems.push(`${where}“abrir em nova aba” deve ser sim ou não.`);
  });
  return problems;
}

/**
 * The first path segment an item's address points at on this site ('' for the home
 * page), or null for an https:// address or a page item.
 * @example menuItemPath({ url: '/produtos/linha/ops#x' }) // 'produtos'
 * @param {{ url?: unknown } | null | undefined} item
 * @returns {string | null}
 */
export function menuItemPath(item) {
  const url = text(item && item.url);
  if (!url.startsWith('/')) return null;
  return url.slice(1).split(/[/?#]/)[0] || '';
}
