// The catalogue staff edit in the admin ('Produtos', 'Linhas', 'Datasheets', 'Softwares'):
// each collection's fields, limits and pt-BR names, written once for the three places
// that apply them: the Astro collections (src/content.config.ts takes every limit from
// here), the hooks (pb_hooks/lib/catalog/catalog.js refuses a record that breaks them,
// in pt-BR, on the field at fault) and the admin's forms. The limits are those the
// site's git files met when the catalogue moved into PocketBase
// (pb_migrations/1795311500_catalog.js seeds it from shared/catalog-*.json).
// Loaded by the hooks through pb_hooks/lib/common/shared.js: only `export const` /
// `export function`, no imports.
//
// Field kinds: slug (the record's address: lowercase letters, digits and hyphens),
// text (one line), longtext (plain text, line breaks allowed), list (texts, each with
// its own limits), url (https://), color (#rrggbb), select (one of `options`), bool,
// order (a whole number; 1 comes first), relation (one record of `to`, optional unless
// required), relations (several records of `to`), image (a Mídia record's id, or one
// of the site's own files in `builtin`), images (a list of `{ image, builtin, alt }`).

/** A colour as the site writes it. */
export const CATALOG_COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';

/** Where the software downloads are grouped on /referencias/softwares, in this order. */
export const SOFTWARE_CATEGORIES = [
  'Displays',
  'Comunicação',
  'Controle',
  'Testes',
  'Base',
  'Sensores',
  'Memória',
  'Filtros',
  'Bibliotecas',
  'Configuração',
  'Sistema',
];

/** A product's state: only published ones are on the site; a scheduled one is published at its time. */
export const PRODUCT_STATUSES = [
  { value: 'draft', label: 'Rascunho' },
  { value: 'scheduled', label: 'Agendado' },
  { value: 'published', label: 'Publicado' },
];

/** Product addresses the catalogue's own routes use (/produtos/linha/… is the lines' folder). */
export const RESERVED_PRODUCT_SLUGS = ['linha'];

/** A catalogue record's place in its list. */
export const CATALOG_ORDER = { min: 1, max: 999 };

/**
 * The catalogue's collections, each with its pt-BR names and its fields in the order
 * the admin shows them. `site` is the field's name in the site's collection
 * (src/content.config.ts), where it differs.
 */
export const CATALOG = {
  product_lines: {
    label: 'Linha',
    plural: 'Linhas',
    fields: {
      slug: { kind: 'slug', label: 'Endereço', required: true, max: 40 },
      name: { kind: 'text', label: 'Nome', required: true, min: 1, max: 40 },
      title: { kind: 'text', label: 'Título no catálogo', required: true, min: 5, max: 120 },
      icon_text: { kind: 'text', label: 'Letra do ícone', required: true, min: 1, max: 2, site: 'iconText' },
      family: { kind: 'text', label: 'Família', required: true, min: 2, max: 4 },
      description: { kind: 'longtext', label: 'Descrição', required: true, min: 20, max: 220 },
      long_description: { kind: 'longtext', label: 'Descrição longa', min: 80, max: 900, site: 'longDescription' },
      esp32_module: { kind: 'text', label: 'Módulo ESP32', min: 10, max: 160, site: 'esp32Module' },
      image: { kind: 'image', label: 'Imagem', required: true },
      image_alt: { kind: 'text', label: 'Texto alternativo da imagem', required: true, min: 10, max: 200, site: 'imageAlt' },
      color: { kind: 'color', label: 'Cor', required: true },
      featured: { kind: 'bool', label: 'Em destaque na página inicial' },
      order: { kind: 'order', label: 'Ordem', required: true },
    },
  },
  products: {
    label: 'Produto',
    plural: 'Produtos',
    fields: {
      slug: { kind: 'slug', label: 'Endereço', required: true, max: 40 },
      model: { kind: 'text', label: 'Modelo', required: true, min: 3, max: 20 },
      name: { kind: 'text', label: 'Nome', required: true, min: 3, max: 80 },
      line: { kind: 'relation', label: 'Linha', to: 'product_lines', required: true },
      order: { kind: 'order', label: 'Ordem na linha', required: true },
      description: { kind: 'longtext', label: 'Descrição curta', required: true, min: 20, max: 260 },
      tagline: { kind: 'text', label: 'Chamada', required: true, min: 10, max: 160 },
      specs: {
        kind: 'list',
        label: 'Especificações',
        itemLabel: 'Especificação',
        required: true,
        min: 3,
        max: 16,
        itemMin: 3,
        itemMax: 160,
      },
      catalogue_specs: {
        kind: 'list',
        label: 'Especificações no Catálogo Digital (vazio: as mesmas)',
        itemLabel: 'Especificação',
        min: 3,
        max: 16,
        itemMin: 3,
        itemMax: 160,
        site: 'catalogueSpecs',
      },
      key_features: {
        kind: 'list',
        label: 'Diferenciais',
        itemLabel: 'Diferencial',
        required: true,
        min: 3,
        max: 8,
        itemMin: 5,
        itemMax: 200,
        site: 'keyFeatures',
      },
      applications: {
        kind: 'list',
        label: 'Aplicações',
        itemLabel: 'Aplicação',
        required: true,
        min: 3,
        max: 10,
        itemMin: 3,
        itemMax: 80,
      },
      images: { kind: 'images', label: 'Imagens', itemLabel: 'Imagem', required: true, min: 2, max: 6, altMin: 10, altMax: 200 },
      datasheet: { kind: 'relation', label: 'Datasheet', to: 'datasheets' },
      related: { kind: 'relations', label: 'Produtos relacionados', to: 'products', max: 3 },
      status: { kind: 'select', label: 'Status', required: true, options: PRODUCT_STATUSES },
    },
  },
  datasheets: {
    label: 'Datasheet',
    plural: 'Datasheets',
    fields: {
      slug: { kind: 'slug', label: 'Identificador', required: true, max: 40 },
      name: { kind: 'text', label: 'Nome', required: true, min: 2, max: 60 },
      description: { kind: 'longtext', label: 'Descrição', required: true, min: 20, max: 300 },
      url: { kind: 'url', label: 'Endereço do arquivo', required: true, max: 500 },
      order: { kind: 'order', label: 'Ordem', required: true },
    },
  },
  software: {
    label: 'Software',
    plural: 'Softwares',
    fields: {
      slug: { kind: 'slug', label: 'Identificador', required: true, max: 80 },
      name: { kind: 'text', label: 'Nome', required: true, min: 3, max: 80 },
      description: { kind: 'longtext', label: 'Descrição', required: true, min: 20, max: 300 },
      url: { kind: 'url', label: 'Endereço do download', required: true, max: 500 },
      category: {
        kind: 'select',
        label: 'Categoria',
        required: true,
        options: SOFTWARE_CATEGORIES.map((category) => ({ value: category, label: category })),
      },
      order: { kind: 'order', label: 'Ordem', required: true },
    },
  },
};

/** What the refusals of a catalogue image say. */
export const CATALOG_IMAGE = {
  missing: 'escolha uma imagem na Mídia.',
  notInMedia: 'esta imagem não está na Mídia; escolha outra.',
  notAnImage: 'escolha uma imagem (PNG, JPG, WebP ou GIF).',
  badBuiltin: 'use o caminho de uma imagem de src/assets (por exemplo products/ops010-1.png).',
  newBuiltin: 'as imagens do próprio site só podem ser mantidas ou tiradas; escolha uma imagem na Mídia.',
};

/**
 * @typedef {{ kind: string, label: string, required?: boolean, min?: number, max?: number,
 *   itemLabel?: string, itemMin?: number, itemMax?: number, altMin?: number, altMax?: number,
 *   to?: string, options?: { value: string, label: string }[], site?: string }} CatalogField
 */

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecordObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @param {unknown} value */
function isBlank(value) {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * What is wrong with one text, in pt-BR; '' when it is fine.
 * @param {string} name @param {unknown} value @param {number} min @param {number} max @param {boolean} oneLine
 */
function textProblem(name, value, min, max, oneLine) {
  if (typeof value !== 'string') return `${name}: deve ser um texto.`;
  const text = value.trim();
  if (text.length < min) return `${name}: no mínimo ${min} caracteres.`;
  if (text.length > max) return `${name}: no máximo ${max} caracteres (tem ${text.length}).`;
  if (oneLine && /[\r\n]/.test(value)) return `${name}: use uma linha só.`;
  return '';
}

/**
 * The patterns other shared files own, passed in (shared modules import nothing): a
 * record's id (shared/page-sections.js MEDIA_ID_PATTERN), a path of the site's own
 * images (shared/site-assets.js SITE_ASSET_PATH_PATTERN) and an address, as posts and
 * pages have them (shared/content-rules.json slugPattern).
 * @typedef {{ recordId: string, asset: string, slug: string }} CatalogPatterns
 */

/**
 * What is wrong with one field's value, in pt-BR; '' when it is fine. Whether a related
 * record or a Mídia image exists is the server's check (pb_hooks/lib/catalog/catalog.js).
 * @param {CatalogField} field @param {unknown} value @param {CatalogPatterns} patterns
 */
export function catalogFieldProblem(field, value, patterns) {
  const name = field.label;
  if (field.kind === 'bool')
    return value === undefined || value === null || typeof value === 'boolean' ? '' : `${name}: sim ou não.`;
  if (field.kind === 'order') {
    if (typeof value !== 'number' || Math.floor(value) !== value || value < CATALOG_ORDER.min || value > CATALOG_ORDER.max)
      return `${name}: um número inteiro de ${CATALOG_ORDER.min} a ${CATALOG_ORDER.max}.`;
    return '';
  }
  if (field.kind === 'list' || field.kind === 'images' || field.kind === 'relations') {
    const list = value === undefined || value === null || value === '' ? [] : value;
    if (!Array.isArray(list)) return `${name}: deve ser uma lista.`;
    if (list.length === 0) return field.required ? `${name}: adicione pelo menos ${field.min || 1}.` : '';
    if (field.min && list.length < field.min) return `${name}: adicione pelo menos ${field.min} (tem ${list.length}).`;
    if (field.max && list.length > field.max) return `${name}: no máximo ${field.max} (tem ${list.length}).`;
    for (let index = 0; index < list.length; index++) {
      const entry = list[index];
      const where = `${field.itemLabel || 'Item'} ${index + 1}`;
      if (field.kind === 'list') {
        const problem = textProblem(where, entry, field.itemMin || 1, field.itemMax || 500, true);
        if (problem) return problem;
      } else if (field.kind === 'relations') {
        if (typeof entry !== 'string' || !new RegExp(patterns.recordId).test(entry)) return `${name}: escolha da lista.`;
        if (list.indexOf(entry) !== index) return `${name}: há itens repetidos.`;
      } else {
        if (!isRecordObject(entry)) return `${where}: imagem inválida.`;
        for (const key of Object.keys(entry)) {
          if (key !== 'image' && key !== 'builtin' && key !== 'alt') return `${where}: campo desconhecido “${key}”.`;
        }
        const problem = imageProblem(where, entry.image, entry.builtin, patterns);
        if (problem) return problem;
        const alt = textProblem(
          `${where}, texto alternativo`,
          entry.alt === undefined ? '' : entry.alt,
          field.altMin || 1,
          field.altMax || 200,
          true,
        );
        if (alt) return alt;
      }
    }
    return '';
  }
  if (isBlank(value)) return field.required ? `Preencha o campo ${name.toLowerCase()}.` : '';
  if (field.kind === 'relation')
    return typeof value === 'string' && new RegExp(patterns.recordId).test(value) ? '' : `${name}: escolha da lista.`;
  if (field.kind === 'image') return '';
  const oneLine = field.kind !== 'longtext';
  const problem = textProblem(name, value, field.min || 1, field.max || 500, oneLine);
  if (problem) return problem;
  const text = String(value).trim();
  if (field.kind === 'slug' && !new RegExp(patterns.slug).test(text))
    return `${name}: use letras minúsculas, números e hífens (por exemplo ops010).`;
  if (field.kind === 'url' && !/^https:\/\/[^\s/]+\.[^\s]+$/.test(text)) return `${name}: use um endereço https://.`;
  if (field.kind === 'color' && !new RegExp(CATALOG_COLOR_PATTERN).test(text)) return `${name}: uma cor como #0b3d6e.`;
  if (field.kind === 'select' && !(field.options || []).some((option) => option.value === text))
    return `${name}: opção desconhecida.`;
  return '';
}

/**
 * What is wrong with an image reference, in pt-BR; '' when it is fine: a Mídia record's id
 * or a path under src/assets, one of the two.
 * @param {string} name @param {unknown} image @param {unknown} builtin @param {CatalogPatterns} patterns
 */
function imageProblem(name, image, builtin, patterns) {
  const media = typeof image === 'string' ? image.trim() : image;
  const own = typeof builtin === 'string' ? builtin.trim() : builtin;
  if (!isBlank(media) && (typeof media !== 'string' || !new RegExp(patterns.recordId).test(media)))
    return `${name}: ${CATALOG_IMAGE.notInMedia}`;
  if (!isBlank(own) && (typeof own !== 'string' || !new RegExp(patterns.asset).test(own)))
    return `${name}: ${CATALOG_IMAGE.badBuiltin}`;
  if (isBlank(media) && isBlank(own)) return `${name}: ${CATALOG_IMAGE.missing}`;
  return '';
}

/**
 * What is wrong with a catalogue record's values, by field, in pt-BR; empty when valid.
 * A line's image is `image` (Mídia) or `builtin_image` (the site's own file).
 * @example catalogProblems('datasheets', { slug: 'ops010', name: 'OPS010', description: 'curta', url: 'http://x', order: 1 }, patterns)
 * // { description: 'Descrição: no mínimo 20 caracteres.', url: 'Endereço do arquivo: use um endereço https://.' }
 * @param {'product_lines' | 'products' | 'datasheets' | 'software'} kind
 * @param {Record<string, unknown>} values
 * @param {CatalogPatterns} patterns
 * @returns {Record<string, string>}
 */
export function catalogProblems(kind, values, patterns) {
  /** @type {Record<string, string>} */
  const problems = {};
  /** @type {Record<string, CatalogField>} */
  const fields = CATALOG[kind].fields;
  for (const key of Object.keys(fields)) {
    const field = /** @type {CatalogField} */ (fields[key]);
    const problem =
      field.kind === 'image'
        ? imageProblem(field.label, values[key], values[`builtin_${key}`], patterns)
        : catalogFieldProblem(field, values[key], patterns);
    if (problem) problems[key] = problem;
  }
  return problems;
}
