// The typed sections the site's pages are made of (derived from the pages the site
// had in code: Home, Quem Somos, Projetos Sob Medida, Clientes, Contato), written once
// for the three places that apply them: the Astro collection (src/lib/cms/sections.ts
// builds its schema from these), the hooks (pb_hooks/lib/pages/sections.js refuses a
// page whose sections break them, in pt-BR) and the admin's form per type
// (src/admin/pages/). Loaded by the hooks through pb_hooks/lib/common/shared.js:
// only `export const` / `export function`, no imports.
//
// A page's `content` is `{ sections: Section[] }`; every section has `id` (stable, for
// the preview's click-to-edit and the editor's list), `type`, optional `anchor` (the
// HTML id of its heading, for links such as /quem-somos#valores) and optional `column`
// ('left' / 'right': consecutive sections with a column share a two-column band),
// then the fields of its type.
//
// Field kinds: text (one line), longtext (plain paragraphs, one per line break),
// markdown (the visual editor; the site's Markdown pipeline renders it), link (a
// path on this site, #anchor, or an https:// address), image (a Mídia record's id, or
// empty for the type's default), select (one of `options`), choices (several of
// `options`, in the order given), list (items with their own `fields`).
//
// Long on purpose: every section type's schema is one list, read top to bottom by
// whoever adds a type; the checks below walk it and belong with it.

/** Figures the company states (the Configurações' numbers), as the figures sections may show them. */
export const FIGURE_OPTIONS = [
  { value: 'clients', label: 'clientes atendidos' },
  { value: 'customProjects', label: 'projetos sob medida' },
  { value: 'yearsOfExperience', label: 'anos de experiência' },
  { value: 'unitsMade', label: 'unidades fabricadas' },
  { value: 'testedProducts', label: 'dos produtos testados' },
];

/** Icons a card may show (src/components/ui/icons.ts draws them). */
export const CARD_ICON_OPTIONS = [
  { value: 'cpu', label: 'Processador' },
  { value: 'gear', label: 'Engrenagem' },
  { value: 'monitor', label: 'Monitor' },
  { value: 'network', label: 'Rede' },
  { value: 'serialPort', label: 'Porta serial' },
  { value: 'shield', label: 'Escudo' },
  { value: 'workflow', label: 'Fluxo' },
  { value: 'wrench', label: 'Chave de boca' },
  { value: 'checkCircle', label: 'Confirmado' },
];

/**
 * The pages with a list of testimonials of their own: each testimonial belongs to one
 * (its `page`; shared/site-pieces.js pieceProblems checks it against this list, which its
 * callers pass, as shared modules import nothing).
 */
export const TESTIMONIAL_GROUPS = [
  { value: 'clientes', label: 'Clientes' },
  { value: 'quem-somos', label: 'Quem Somos' },
];

/** Which of the shared testimonials a testimonials section shows: a page's list, or all. */
export const TESTIMONIAL_GROUP_OPTIONS = TESTIMONIAL_GROUPS.map((group) => ({
  value: group.value,
  label: `Os da página ${group.label}`,
})).concat([{ value: 'todos', label: 'Todos' }]);

export const COLUMN_OPTIONS = [
  { value: '', label: 'Largura inteira' },
  { value: 'left', label: 'Coluna da esquerda' },
  { value: 'right', label: 'Coluna da direita' },
];

/** How many sections a page may have, and how long a section's JSON may be. */
export const PAGE_SECTION_LIMITS = { maxSections: 40, maxSectionChars: 40000 };

/** A section's `id`: letters and digits, as the admin generates them. */
export const SECTION_ID_PATTERN = '^[a-z0-9]{4,24}$';
/** A section's `anchor`: an HTML id a link may point at. */
export const SECTION_ANCHOR_PATTERN = '^[a-z][a-z0-9-]{0,59}$';
/**
 * A link's target: a path on this site, an #anchor, or an https:// address. A path never
 * starts with // or /\ (browsers read both as another site's address).
 */
export const SECTION_LINK_PATTERN = '^(/(?![/\\\\])[^\\s]*|#[a-z][a-z0-9-]*|https://[^\\s]+)$';
/** A Mídia record's id. */
export const MEDIA_ID_PATTERN = '^[a-z0-9]{15}$';

/** @param {string} title @param {string} description */
const item = (title, description) => ({
  title: { kind: 'text', label: title, required: true, max: 120 },
  description: { kind: 'longtext', label: description, required: true, max: 600 },
});

/**
 * The section types, in the order the admin offers them. `fullBleed` sections span
 * the window (their own background); the others sit in the page's content column.
 */
export const SECTION_TYPES = {
  hero: {
    label: 'Destaque principal',
    hint: 'O topo da página inicial: título grande, dois botões e uma imagem.',
    fullBleed: true,
    fields: {
      eyebrow: { kind: 'text', label: 'Sobretítulo', max: 120 },
      title: { kind: 'text', label: 'Título', required: true, max: 200 },
      text: { kind: 'longtext', label: 'Texto', max: 400 },
      badge: { kind: 'text', label: 'Selo', max: 120 },
      primary_label: { kind: 'text', label: 'Botão principal', max: 60 },
      primary_link: { kind: 'link', label: 'Link do botão principal', max: 500 },
      chat_label: { kind: 'text', label: 'Botão do WhatsApp', max: 60 },
      chat_message: { kind: 'text', label: 'Mensagem inicial do WhatsApp', max: 300 },
      image: { kind: 'image', label: 'Imagem (vazia: a ilustração do controlador)' },
      image_alt: { kind: 'text', label: 'Texto alternativo da imagem', max: 200 },
    },
  },
  page_header: {
    label: 'Cabeçalho da página',
    hint: 'Faixa azul com o título da página (o h1).',
    fullBleed: true,
    fields: {
      eyebrow: { kind: 'text', label: 'Sobretítulo', max: 120 },
      title: { kind: 'text', label: 'Título', required: true, max: 200 },
      subtitle: { kind: 'longtext', label: 'Subtítulo', max: 400 },
    },
  },
  product_lines: {
    label: 'Linhas de produtos',
    hint: 'Um cartão por linha do catálogo, com a contagem de produtos.',
    fullBleed: true,
    fields: {
      title: { kind: 'text', label: 'Título', required: true, max: 120 },
      intro: { kind: 'longtext', label: 'Introdução', max: 400 },
      badge: { kind: 'text', label: 'Selo da linha em destaque', max: 40 },
      card_action: { kind: 'text', label: 'Link de cada cartão', required: true, max: 60 },
      all_label: { kind: 'text', label: 'Botão para todos os produtos', max: 60 },
    },
  },
  highlight: {
    label: 'Chamada com números',
    hint: 'Texto com um destaque, um botão e alguns números da empresa ao lado.',
    fullBleed: true,
    fields: {
      eyebrow: { kind: 'text', label: 'Sobretítulo', max: 120 },
      title: { kind: 'text', label: 'Título', required: true, max: 160 },
      text: { kind: 'longtext', label: 'Texto', max: 600 },
      highlight: { kind: 'text', label: 'Destaque', max: 200 },
      button_label: { kind: 'text', label: 'Botão', max: 60 },
      button_link: { kind: 'link', label: 'Link do botão', max: 500 },
      figures: { kind: 'choices', label: 'Números', options: FIGURE_OPTIONS, max: 4 },
    },
  },
  partners: {
    label: 'Parceiros',
    hint: 'Os logotipos dos parceiros (editados em Parceiros).',
    fullBleed: true,
    fields: {
      title: { kind: 'text', label: 'Título', required: true, max: 160 },
    },
  },
  cta_band: {
    label: 'Faixa de chamada',
    hint: 'Faixa azul com um convite, um botão e o WhatsApp.',
    fullBleed: true,
    fields: {
      title: { kind: 'text', label: 'Título', required: true, max: 160 },
      text: { kind: 'longtext', label: 'Texto', max: 400 },
      button_label: { kind: 'text', label: 'Botão', max: 60 },
      button_link: { kind: 'link', label: 'Link do botão', max: 500 },
      chat_label: { kind: 'text', label: 'Botão do WhatsApp', max: 60 },
    },
  },
  text: {
    label: 'Texto',
    hint: 'Um título e texto corrido.',
    fields: {
      title: { kind: 'text', label: 'Título', max: 200 },
      note: { kind: 'text', label: 'Nota abaixo do título', max: 120 },
      body: { kind: 'markdown', label: 'Texto', max: 20000 },
      style: {
        kind: 'select',
        label: 'Aparência',
        options: [
          { value: 'plain', label: 'Simples' },
          { value: 'boxed', label: 'Em um quadro' },
          { value: 'tinted', label: 'Em um quadro azul' },
        ],
      },
    },
  },
  boxes: {
    label: 'Quadros lado a lado',
    hint: 'Quadros de título e texto, como Missão e Visão.',
    fields: {
      items: {
        kind: 'list',
        label: 'Quadros',
        itemLabel: 'Quadro',
        min: 1,
        max: 4,
        fields: {
          title: { kind: 'text', label: 'Título', required: true, max: 120 },
          text: { kind: 'longtext', label: 'Texto', required: true, max: 800 },
        },
      },
    },
  },
  cards: {
    label: 'Grade de cartões',
    hint: 'Cartões de título e descrição: valores, diferenciais, aplicações, motivos.',
    fields: {
      title: { kind: 'text', label: 'Título', required: true, max: 160 },
      style: {
        kind: 'select',
        label: 'Aparência',
        options: [
          { value: 'outlined', label: 'Cartões brancos, quatro por linha' },
          { value: 'tinted', label: 'Cartões cinza, três por linha' },
          { value: 'icons', label: 'Cartões com ícone' },
          { value: 'list', label: 'Lista em uma coluna' },
        ],
      },
      tone: {
        kind: 'select',
        label: 'Cor dos ícones',
        options: [
          { value: 'brand', label: 'Azul' },
          { value: 'neutral', label: 'Cinza' },
        ],
      },
      items: {
        kind: 'list',
        label: 'Cartões',
        itemLabel: 'Cartão',
        min: 1,
        max: 24,
        fields: {
          ...item('Título', 'Descrição'),
          icon: { kind: 'select', label: 'Ícone', options: CARD_ICON_OPTIONS },
        },
      },
    },
  },
  figures: {
    label: 'Números',
    hint: 'Os números da empresa (editados em Configurações).',
    fields: {
      title: { kind: 'text', label: 'Título', required: true, max: 160 },
      figures: { kind: 'choices', label: 'Números', options: FIGURE_OPTIONS, min: 1, max: 5 },
    },
  },
  testimonials: {
    label: 'Depoimentos',
    hint: 'Os depoimentos de clientes (editados em Depoimentos).',
    fields: {
      title: { kind: 'text', label: 'Título (vazio: sem título visível)', max: 160 },
      group: { kind: 'select', label: 'Quais depoimentos', options: TESTIMONIAL_GROUP_OPTIONS, required: true },
      columns: {
        kind: 'select',
        label: 'Colunas',
        options: [
          { value: '3', label: 'Três' },
          { value: '2-3', label: 'Duas, três em telas largas' },
        ],
      },
    },
  },
  steps: {
    label: 'Etapas',
    hint: 'Um processo em passos numerados.',
    fields: {
      title: { kind: 'text', label: 'Título', required: true, max: 160 },
      items: { kind: 'list', label: 'Etapas', itemLabel: 'Etapa', min: 1, max: 12, fields: item('Título', 'Descrição') },
    },
  },
  accordion: {
    label: 'Casos em sanfona',
    hint: 'Itens que abrem um de cada vez, como os casos de sucesso.',
    fields: {
      title: { kind: 'text', label: 'Título', required: true, max: 160 },
      items: {
        kind: 'list',
        label: 'Itens',
        itemLabel: 'Item',
        min: 1,
        max: 12,
        fields: {
          ...item('Título', 'Texto'),
          highlights: { kind: 'longtext', label: 'Destaques (um por linha)', max: 600 },
        },
      },
    },
  },
  cta_box: {
    label: 'Quadro de chamada',
    hint: 'Um convite curto com um botão, no fim da página.',
    fields: {
      title: { kind: 'text', label: 'Título', required: true, max: 160 },
      text: { kind: 'longtext', label: 'Texto', max: 400 },
      button_label: { kind: 'text', label: 'Botão', required: true, max: 60 },
      button_link: { kind: 'link', label: 'Link do botão', required: true, max: 500 },
    },
  },
  contact_cards: {
    label: 'Canais de contato',
    hint: 'Telefone, WhatsApp, e-mail e endereço (os valores vêm de Configurações).',
    fields: {
      phone_title: { kind: 'text', label: 'Telefone: título', required: true, max: 60 },
      phone_note: { kind: 'text', label: 'Telefone: observação', max: 120 },
      chat_title: { kind: 'text', label: 'WhatsApp: título', required: true, max: 60 },
      chat_note: { kind: 'text', label: 'WhatsApp: observação', max: 120 },
      email_title: { kind: 'text', label: 'E-mail: título', required: true, max: 60 },
      email_note: { kind: 'text', label: 'E-mail: observação', max: 120 },
      address_title: { kind: 'text', label: 'Endereço: título', required: true, max: 60 },
      address_note: { kind: 'text', label: 'Endereço: observação', max: 120 },
    },
  },
  contact_form: {
    label: 'Formulário de contato',
    hint: 'O formulário de orçamento e contato (seus campos ficam em Mensagens).',
    fields: {},
  },
  map: {
    label: 'Mapa',
    hint: 'O mapa do endereço da empresa.',
    fields: {
      title: { kind: 'text', label: 'Título', required: true, max: 120 },
    },
  },
  faq: {
    label: 'Perguntas frequentes',
    hint: 'As perguntas e respostas (editadas em Perguntas frequentes).',
    fields: {
      title: { kind: 'text', label: 'Título', required: true, max: 160 },
    },
  },
};

/** @typedef {keyof typeof SECTION_TYPES} SectionType */

/** The section types' names, in the admin's order. */
export const SECTION_TYPE_NAMES = /** @type {SectionType[]} */ (Object.keys(SECTION_TYPES));

/** @typedef {{ kind: string, label: string, required?: boolean, min?: number, max?: number, options?: { value: string, label: string }[], itemLabel?: string, fields?: Record<string, Field> }} Field */

/** @param {unknown} value @returns {value is Record<string, any>} */
function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** @param {{ options?: { value: string }[] }} field */
function optionValues(field) {
  return (field.options || []).map((option) => option.value);
}

/**
 * The problems of one field's value (pt-BR), each with the field's label.
 * @param {Field} field @param {any} value @param {string} where @param {string[]} problems
 */
function fieldProblems(field, value, where, problems) {
  const name = `${where}${field.label}`;
  if (field.kind === 'list') {
    if (value === undefined || value === null) value = [];
    if (!Array.isArray(value)) return problems.push(`${name}: deve ser uma lista.`);
    if (field.min && value.length < field.min) problems.push(`${name}: adicione pelo menos ${field.min}.`);
    if (field.max && value.length > field.max) problems.push(`${name}: no máximo ${field.max}.`);
    value.forEach((entry, index) => {
      const prefix = `${where}${field.itemLabel} ${index + 1}: `;
      if (!isPlainObject(entry)) return problems.push(`${prefix}item inválido.`);
      objectProblems(field.fields || {}, entry, prefix, problems);
    });
    return;
  }
  if (field.kind === 'choices') {
    if (value === undefined || value === null) value = [];
    if (!Array.isArray(value) || value.some((choice) => typeof choice !== 'string'))
      return problems.push(`${name}: deve ser uma lista de opções.`);
    const allowed = optionValues(field);
    const unknown = value.filter((choice) => allowed.indexOf(choice) < 0);
    if (unknown.length) problems.push(`${name}: opção desconhecida (${unknown.join(', ')}).`);
    if (new Set(value).size !== value.length) problems.push(`${name}: há opções repetidas.`);
    if (field.min && value.length < field.min) problems.push(`${name}: escolha pelo menos ${field.min}.`);
    if (field.max && value.length > field.max) problems.push(`${name}: escolha no máximo ${field.max}.`);
    return;
  }
  if (value === undefined || value === null) value = '';
  if (typeof value !== 'string') return problems.push(`${name}: deve ser um texto.`);
  const text = value.trim();
  if (!text) {
    if (field.required) problems.push(`${name}: preencha este campo.`);
    return;
  }
  if (field.max && value.length > field.max) problems.push(`${name}: no máximo ${field.max} caracteres (tem ${value.length}).`);
  if (field.kind === 'text' && /[\r\n]/.test(value)) problems.push(`${name}: use uma linha só.`);
  if (field.kind === 'select' && optionValues(field).indexOf(value) < 0) problems.push(`${name}: opção desconhecida.`);
  if (field.kind === 'link' && !new RegExp(SECTION_LINK_PATTERN).test(text))
    problems.push(`${name}: use um caminho do site (/contato), uma âncora (#faq) ou um endereço https://.`);
  if (field.kind === 'image' && !new RegExp(MEDIA_ID_PATTERN).test(text)) problems.push(`${name}: escolha uma imagem da Mídia.`);
}

/** @param {Record<string, Field>} fields @param {Record<string, unknown>} value @param {string} where @param {string[]} problems */
function objectProblems(fields, value, where, problems) {
  for (const key of Object.keys(value)) {
    if (!Object.prototype.hasOwnProperty.call(fields, key)) problems.push(`${where}campo desconhecido “${key}”.`);
  }
  for (const key of Object.keys(fields)) fieldProblems(/** @type {Field} */ (fields[key]), value[key], where, problems);
}

const COMMON_KEYS = ['id', 'type', 'anchor', 'column'];

/**
 * What is wrong with a page's sections, as pt-BR sentences naming the section (its
 * position and type) and the field; empty when they are valid.
 * @example sectionProblems([{ id: 'abcd', type: 'faq', title: '' }]) // ['Seção 1 (Perguntas frequentes): Título: preencha este campo.']
 * @param {unknown} sections
 * @returns {string[]}
 */
export function sectionProblems(sections) {
  if (sections === undefined || sections === null) return [];
  if (!Array.isArray(sections)) return ['As seções da página devem ser uma lista.'];
  /** @type {string[]} */
  const problems = [];
  // Past the limit nothing else is looked at: a huge list costs no more than its refusal.
  if (sections.length > PAGE_SECTION_LIMITS.maxSections)
    return [`A página tem ${sections.length} seções; o máximo é ${PAGE_SECTION_LIMITS.maxSections}.`];
  /** @type {Record<string, boolean>} */
  const ids = {};
  /** @type {Record<string, boolean>} */
  const anchors = {};
  sections.forEach((section, index) => {
    // Only a string names a type (an array such as ["hero"] would read as "hero" as a key).
    const known =
      isPlainObject(section) &&
      typeof section.type === 'string' &&
      Object.prototype.hasOwnProperty.call(SECTION_TYPES, section.type);
    const type = known
      ? /** @type {Record<string, { label: string, fields: Record<string, Field> }>} */ (SECTION_TYPES)[section.type]
      : undefined;
    const where = `Seção ${index + 1}${type ? ` (${type.label})` : ''}: `;
    if (!isPlainObject(section)) return problems.push(`${where}seção inválida.`);
    if (!type) return problems.push(`${where}tipo de seção desconhecido “${String(section.type)}”.`);
    if (JSON.stringify(section).length > PAGE_SECTION_LIMITS.maxSectionChars)
      return problems.push(`${where}a seção passa de ${PAGE_SECTION_LIMITS.maxSectionChars} caracteres.`);
    if (typeof section.id !== 'string' || !new RegExp(SECTION_ID_PATTERN).test(section.id))
      problems.push(`${where}identificador inválido.`);
    else if (ids[section.id]) problems.push(`${where}identificador repetido.`);
    else ids[section.id] = true;
    const anchor = section.anchor === undefined || section.anchor === null ? '' : section.anchor;
    if (typeof anchor !== 'string' || (anchor && !new RegExp(SECTION_ANCHOR_PATTERN).test(anchor)))
      problems.push(`${where}Âncora: use letras minúsculas, números e hífens, começando por uma letra.`);
    else if (anchor && anchors[anchor]) problems.push(`${where}Âncora: “${anchor}” já é usada por outra seção.`);
    else if (anchor) anchors[anchor] = true;
    const column = section.column === undefined || section.column === null ? '' : section.column;
    if (optionValues({ options: COLUMN_OPTIONS }).indexOf(column) < 0) problems.push(`${where}Posição: opção desconhecida.`);
    // No prototype: a "__proto__" key stays an own key, and is refused as unknown.
    /** @type {Record<string, unknown>} */
    const own = Object.create(null);
    for (const key of Object.keys(section)) if (COMMON_KEYS.indexOf(key) < 0) own[key] = section[key];
    objectProblems(type.fields, own, where, problems);
  });
  return problems;
}

/**
 * The Mídia images a page's sections show (image fields, in lists too), each with the
 * section's id, the field's path (`image`, or `cards.0.image` in a list) and the name
 * a problem gives it, in the sections' order; sections of an unknown type show none.
 * For the hooks' check that each is a Mídia record, the site's loader and the preview,
 * which read each image's size (pb_hooks/lib/pages/sections.js, src/lib/cms/loaders.ts,
 * pb_hooks/lib/publishing/preview.js).
 * @example sectionImages([{ id: 'topo1', type: 'hero', image: 'abc123def456ghi' }])
 * // [{ section: 'topo1', field: 'image', id: 'abc123def456ghi', name: 'Seção 1 (Destaque principal): Imagem (vazia: a ilustração do controlador)' }]
 * @param {unknown} sections
 * @returns {{ section: string, field: string, id: string, name: string }[]}
 */
export function sectionImages(sections) {
  /** @type {{ section: string, field: string, id: string, name: string }[]} */
  const found = [];
  if (!Array.isArray(sections)) return found;
  /**
   * @param {Record<string, Field>} fields @param {Record<string, unknown>} value
   * @param {string} section @param {string} path @param {string} where
   */
  const walk = (fields, value, section, path, where) => {
    for (const key of Object.keys(fields)) {
      const field = /** @type {Field} */ (fields[key]);
      const entry = value[key];
      if (field.kind === 'image' && typeof entry === 'string' && entry.trim())
        found.push({ section, field: path + key, id: entry.trim(), name: `${where}${field.label}` });
      if (field.kind === 'list' && Array.isArray(entry))
        entry.forEach((item, index) => {
          if (isPlainObject(item))
            walk(field.fields || {}, item, section, `${path}${key}.${index}.`, `${where}${field.itemLabel} ${index + 1}: `);
        });
    }
  };
  sections.forEach((section, index) => {
    if (!isPlainObject(section) || typeof section.type !== 'string') return;
    if (!Object.prototype.hasOwnProperty.call(SECTION_TYPES, section.type)) return;
    const type = /** @type {{ label: string, fields: Record<string, Field> }} */ (
      /** @type {Record<string, unknown>} */ (SECTION_TYPES)[section.type]
    );
    walk(type.fields, section, String(section.id), '', `Seção ${index + 1} (${type.label}): `);
  });
  return found;
}

/**
 * Whether a section is in the shape the admin wrote before typed sections: `{ heading, body }`.
 * @param {unknown} section
 * @returns {section is { heading?: unknown, body?: unknown }}
 */
export function isOldSection(section) {
  return isPlainObject(section) && section.type === undefined && ('heading' in section || 'body' in section);
}

/**
 * A section of the old shape as a `text` section: the heading on one line as its title,
 * the body as it was.
 * @example textSectionOf({ heading: 'Missão\nem duas linhas', body: 'Texto.' }, 'abcd1') // { id: 'abcd1', type: 'text', title: 'Missão em duas linhas', body: 'Texto.', style: 'plain' }
 * @param {{ heading?: unknown, body?: unknown }} section @param {string} id
 */
export function textSectionOf(section, id) {
  /** @param {unknown} value */
  const text = (value) => (value === undefined || value === null ? '' : String(value));
  return {
    id,
    type: 'text',
    title: text(section.heading)
      .replace(/\s*[\r\n]+\s*/g, ' ')
      .trim(),
    body: text(section.body),
    style: 'plain',
  };
}

/**
 * A page's sections as its `content` holds them, in today's shape: an old section
 * becomes a text section (textSectionOf) whose id is `newId(position)`, what is no object
 * is left out (the site never showed it), typed sections stay as they are. For the
 * site's loader (src/lib/cms/sections.ts, which numbers the ids) and the hooks, which give
 * random ids (pb_hooks/lib/pages/sections.js: the upgrade of the stored pages, an old
 * version restored).
 * @example typedSectionsOf({ sections: [{ heading: 'Sobre', body: 'Texto.' }, null] }, (i) => `secao${i + 1}`) // [{ id: 'secao1', type: 'text', title: 'Sobre', body: 'Texto.', style: 'plain' }]
 * @param {unknown} content @param {(position: number) => string} newId
 * @returns {Record<string, unknown>[]}
 */
export function typedSectionsOf(content, newId) {
  const list = isPlainObject(content) ? content.sections : undefined;
  /** @type {Record<string, unknown>[]} */
  const sections = [];
  if (!Array.isArray(list)) return sections;
  for (const section of list) {
    if (isOldSection(section)) sections.push(textSectionOf(section, newId(sections.length)));
    else if (isPlainObject(section)) sections.push(section);
  }
  return sections;
}

/**
 * A new section's fields, empty (selects take their first option).
 * @param {SectionType} type @param {string} id
 * @returns {Record<string, unknown> & { id: string, type: SectionType }}
 */
export function emptySection(type, id) {
  /** @type {Record<string, unknown> & { id: string, type: SectionType }} */
  const section = { id, type };
  /** @type {Record<string, Field>} */
  const fields = SECTION_TYPES[type].fields;
  for (const key of Object.keys(fields)) {
    const field = /** @type {Field} */ (fields[key]);
    if (field.kind === 'list' || field.kind === 'choices') section[key] = [];
    else if (field.kind === 'select') section[key] = field.options && field.options[0] ? field.options[0].value : '';
    else section[key] = '';
  }
  return section;
}
