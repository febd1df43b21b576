// The pieces the site's pages share, edited once in the admin and shown wherever a
// section places them (shared/page-sections.js: the `testimonials`, `faq` and `partners`
// sections): customer testimonials ('Depoimentos'), the frequently asked questions
// ('Perguntas frequentes') and the partners' logos ('Parceiros'). Their fields and limits are written once here, for the
// hooks (pb_hooks/lib/pieces/pieces.js refuses a record that breaks them, in pt-BR)
// and the admin's forms (src/admin/common/PieceFields.tsx, src/admin/i18n/resources.ts).
// Which page's list a testimonial belongs to is the pages' contract
// (shared/page-sections.js TESTIMONIAL_GROUPS). Loaded by the hooks through
// pb_hooks/lib/common/shared.js: only `export const` / `export function`, no imports.

/**
 * Each piece's collection and its text fields: pt-BR label, length limits (the
 * site's texts as they were in git fit them), whether required.
 */
export const PIECES = {
  testimonials: {
    label: 'Depoimento',
    fields: {
      name: { label: 'Nome', min: 2, max: 60, required: true },
      company: { label: 'Empresa ou setor', min: 3, max: 80, required: true },
      role: { label: 'Cargo', min: 3, max: 60, required: false },
      quote: { label: 'Depoimento', min: 40, max: 500, required: true },
    },
  },
  faq_entries: {
    label: 'Pergunta',
    fields: {
      question: { label: 'Pergunta', min: 10, max: 160, required: true },
      answer: { label: 'Resposta', min: 30, max: 700, required: true },
    },
  },
  partners: {
    label: 'Parceiro',
    fields: {
      /** The short name, as in the logo. */
      name: { label: 'Nome', min: 2, max: 20, required: true },
      /** The logo's alternative text. */
      full_name: { label: 'Nome completo', min: 3, max: 120, required: true },
      kind: { label: 'Tipo', min: 3, max: 60, required: true },
    },
  },
};

/**
 * A partner's logo: `logo`, a Mídia image's record id (what an editor chooses), or
 * `builtin_logo`, one of the site's own files under src/assets (the seeded SVG marks:
 * Mídia refuses SVG, which can carry script). The API lets editors keep or clear
 * `builtin_logo`, never set it (pb_migrations/1795311400_partners.js).
 */
export const PARTNER_LOGO = {
  label: 'Logotipo',
  missing: 'Escolha o logotipo na Mídia.',
  notInMedia: 'Logotipo: esta imagem não está na Mídia; escolha outra.',
  notAnImage: 'Logotipo: escolha uma imagem (PNG, JPG, WebP ou GIF).',
  badBuiltin: 'Logotipo do site: use o caminho de uma imagem de src/assets (por exemplo partners/fiesc.svg).',
};

/** A piece's place in its list: 1 comes first. */
export const PIECE_ORDER = { min: 1, max: 999 };

/**
 * What is wrong with a piece's values, by field, in pt-BR; empty when valid. A
 * testimonial's `group` (the record's `page`) must be one of `groups`: the pages with a
 * list of their own, shared/page-sections.js TESTIMONIAL_GROUPS (passed in: shared
 * modules import nothing).
 * @example pieceProblems('faq_entries', { question: 'Prazo?', answer: '', order: 1 }, []) // { question: 'Pergunta: no mínimo 10 caracteres.', answer: 'Preencha o campo resposta.' }
 * A partner needs a logo, from Mídia or the site's own (PARTNER_LOGO); whether the
 * Mídia record exists and is an image is the server's check (pb_hooks/lib/pieces/pieces.js).
 * @param {'testimonials' | 'faq_entries' | 'partners'} kind
 * @param {Record<string, unknown>} values
 * @param {{ value: string }[]} groups
 * @returns {Record<string, string>}
 */
export function pieceProblems(kind, values, groups) {
  /** @type {Record<string, string>} */
  const problems = {};
  /** @type {Record<string, { label: string, min: number, max: number, required: boolean }>} */
  const fields = PIECES[kind].fields;
  for (const name of Object.keys(fields)) {
    const field = /** @type {{ label: string, min: number, max: number, required: boolean }} */ (fields[name]);
    const raw = values[name];
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (raw !== undefined && raw !== null && typeof raw !== 'string') problems[name] = `${field.label}: deve ser um texto.`;
    else if (!value) {
      if (field.required) problems[name] = `Preencha o campo ${field.label.toLowerCase()}.`;
    } else if (value.length < field.min) problems[name] = `${field.label}: no mínimo ${field.min} caracteres.`;
    else if (value.length > field.max)
      problems[name] = `${field.label}: no máximo ${field.max} caracteres (tem ${value.length}).`;
  }
  if (kind === 'testimonials') {
    const pages = groups.map((group) => group.value);
    if (pages.indexOf(String(values.group)) < 0) problems.group = 'Escolha em que página o depoimento aparece.';
  }
  if (kind === 'partners') {
    const filled = (/** @type {unknown} */ value) => typeof value === 'string' && value.trim() !== '';
    if (!filled(values.logo) && !filled(values.builtin_logo)) problems.logo = PARTNER_LOGO.missing;
  }
  const order = values.order;
  if (typeof order !== 'number' || Math.floor(order) !== order || order < PIECE_ORDER.min || order > PIECE_ORDER.max)
    problems.order = `Ordem: um número inteiro de ${PIECE_ORDER.min} a ${PIECE_ORDER.max}.`;
  return problems;
}
