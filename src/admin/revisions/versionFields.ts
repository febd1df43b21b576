/**
 * What a version of a post, page, menu, testimonial, FAQ entry or partner holds, for comparing
 * and restoring (the server's list: pb_hooks/lib/revisions/revisions.js FIELDS): the
 * texts compared word by word, and the fields a restore brings back (the content, never
 * the workflow: status, dates and author stay as they are; nor the cover file, which
 * is replaced, not kept, when a new one is uploaded). A menu or piece has no workflow:
 * a restore brings all of it back.
 */
import { CATALOG } from '../../../shared/catalog.js';
import { sectionsText } from '../pages/sections/sectionEditing';

/** The admin's resources that keep revisions ('faq' is the faq_entries collection). */
export type VersionedResource =
  'posts' | 'pages' | 'menus' | 'testimonials' | 'faq' | 'partners' | 'products' | 'lines' | 'datasheets' | 'software';

/** The catalogue's resources and their collections (shared/catalog.js). */
const CATALOG_KINDS = { products: 'products', lines: 'product_lines', datasheets: 'datasheets', software: 'software' } as const;
type CatalogResource = keyof typeof CATALOG_KINDS;

/** What a comparison knows beyond the versions: the names of the pages a menu links to. */
export interface CompareContext {
  pageNames?: Record<string, string>;
}

export interface ComparedField {
  name: string;
  label: string;
  /** The field's value as text. */
  text: (data: Record<string, unknown>, context?: CompareContext) => string;
}

/** Versions saved before the server normalized line endings hold "\r\n": compared as "\n". */
const text = (value: unknown) => String(value ?? '').replace(/\r\n?/g, '\n');

const plain = (name: string) => (data: Record<string, unknown>) => text(data[name]);

/** A page's typed sections as the text an editor reads (src/admin/pages/sections/sectionEditing.ts). */
function pageSectionsText(data: Record<string, unknown>): string {
  const content = data.content as { sections?: unknown } | null | undefined;
  return text(sectionsText(Array.isArray(content?.sections) ? content.sections : []));
}

interface MenuLink {
  label?: unknown;
  page?: unknown;
  url?: unknown;
  new_tab?: unknown;
}

/** The page ids a menu version links to (for their names). */
export function menuPageIds(data: Record<string, unknown>): string[] {
  const items = Array.isArray(data.items) ? (data.items as MenuLink[]) : [];
  return items.map((item) => String(item?.page ?? '')).filter(Boolean);
}

/**
 * A menu's links one per line, as an editor reads them: '1. Blog → /blog (nova aba)';
 * a page by its name when known.
 * @example menuLinksText({ items: [{ label: 'Sobre', page: 'p1', url: '' }] }, { pageNames: { p1: 'Quem Somos' } }) // '1. Sobre → página Quem Somos'
 */
export function menuLinksText(data: Record<string, unknown>, context?: CompareContext): string {
  const items = Array.isArray(data.items) ? (data.items as MenuLink[]) : [];
  return items
    .map((item, index) => {
      const page = String(item?.page ?? '');
      const target = page ? `página ${context?.pageNames?.[page] ?? page}` : String(item?.url ?? '');
      return `${index + 1}. ${String(item?.label ?? '')} → ${target}${item?.new_tab ? ' (nova aba)' : ''}`;
    })
    .join('\n');
}

/**
 * A catalogue field's value as an editor reads it: a list one item per line (as stored, or
 * as the form's rows of `{ text }`), an image by its alternative text and where it comes
 * from, yes or no.
 */
function catalogText(name: string, kind: string) {
  return (data: Record<string, unknown>) => {
    const value = data[name];
    if (kind === 'bool') return value ? 'Sim' : 'Não';
    if (kind === 'images' && Array.isArray(value))
      return (value as Record<string, unknown>[])
        .map((image, index) => {
          const source = image?.image ? 'Mídia' : image?.builtin ? `arquivo do site ${String(image.builtin)}` : 'sem imagem';
          return `${index + 1}. ${String(image?.alt ?? '')} (${source})`;
        })
        .join('\n');
    if (Array.isArray(value))
      return value
        .map((item) =>
          item && typeof item === 'object' && 'text' in item ? String((item as { text: unknown }).text) : String(item),
        )
        .join('\n');
    return text(value);
  };
}

/** A catalogue collection's fields, but its status (the workflow, not the content). */
const catalogFields = (resource: CatalogResource) =>
  Object.entries(CATALOG[CATALOG_KINDS[resource]].fields as Record<string, { kind: string; label: string }>).filter(
    ([name]) => name !== 'status',
  );

const catalogCompared = (resource: CatalogResource): ComparedField[] =>
  catalogFields(resource).map(([name, field]) => ({ name, label: field.label, text: catalogText(name, field.kind) }));

export const COMPARED: Record<VersionedResource, ComparedField[]> = {
  posts: [
    { name: 'title', label: 'Título', text: plain('title') },
    { name: 'excerpt', label: 'Resumo', text: plain('excerpt') },
    { name: 'content', label: 'Conteúdo', text: plain('content') },
  ],
  pages: [
    { name: 'name', label: 'Nome', text: plain('name') },
    { name: 'title', label: 'Título SEO', text: plain('title') },
    { name: 'meta_description', label: 'Meta descrição', text: plain('meta_description') },
    { name: 'content', label: 'Conteúdo', text: pageSectionsText },
  ],
  menus: [
    { name: 'title', label: 'Título da coluna', text: plain('title') },
    { name: 'items', label: 'Links', text: menuLinksText },
  ],
  testimonials: [
    { name: 'name', label: 'Nome', text: plain('name') },
    { name: 'role', label: 'Cargo', text: plain('role') },
    { name: 'company', label: 'Empresa', text: plain('company') },
    { name: 'quote', label: 'Depoimento', text: plain('quote') },
    { name: 'page', label: 'Aparece na lista de', text: plain('page') },
    { name: 'order', label: 'Ordem', text: plain('order') },
  ],
  faq: [
    { name: 'question', label: 'Pergunta', text: plain('question') },
    { name: 'answer', label: 'Resposta', text: plain('answer') },
    { name: 'order', label: 'Ordem', text: plain('order') },
  ],
  partners: [
    { name: 'name', label: 'Nome', text: plain('name') },
    { name: 'full_name', label: 'Nome completo', text: plain('full_name') },
    { name: 'kind', label: 'Tipo', text: plain('kind') },
    { name: 'order', label: 'Ordem', text: plain('order') },
    { name: 'logo', label: 'Logotipo (Mídia)', text: plain('logo') },
    { name: 'builtin_logo', label: 'Logotipo do site', text: plain('builtin_logo') },
  ],
  products: catalogCompared('products'),
  lines: [...catalogCompared('lines'), { name: 'builtin_image', label: 'Imagem do site', text: plain('builtin_image') }],
  datasheets: catalogCompared('datasheets'),
  software: catalogCompared('software'),
};

const RESTORED: Record<VersionedResource, string[]> = {
  posts: ['title', 'slug', 'excerpt', 'content', 'category', 'tags'],
  pages: ['name', 'slug', 'title', 'meta_description', 'content', 'is_homepage'],
  menus: ['title', 'items'],
  testimonials: ['name', 'company', 'role', 'quote', 'page', 'order'],
  faq: ['question', 'answer', 'order'],
  // Never `builtin_logo`: the API lets no one set it back (pb_migrations/1795311400_partners.js).
  partners: ['name', 'full_name', 'kind', 'order', 'logo'],
  // A product's images come back with their site files (the server knows them from its
  // versions); a line's site picture never does (its API rule lets no one set it back).
  products: catalogFields('products').map(([name]) => name),
  lines: catalogFields('lines').map(([name]) => name),
  datasheets: catalogFields('datasheets').map(([name]) => name),
  software: catalogFields('software').map(([name]) => name),
};

/** What a restore keeps as it is, told before it happens (nothing for a menu or piece). */
export const RESTORE_KEEPS: Record<VersionedResource, string> = {
  posts: 'Status, datas, autor e imagem de capa continuam como estão.',
  pages: 'Status e datas continuam como estão.',
  menus: '',
  testimonials: '',
  faq: '',
  partners: 'Um logotipo do próprio site que já foi removido não volta.',
  products: 'O status continua como está.',
  lines: 'Uma imagem do próprio site que já foi removida não volta.',
  datasheets: '',
  software: '',
};

/** Whether the resource's versions can be public (kept beyond the last 50): those with a status. */
export const HAS_STATUS: Record<VersionedResource, boolean> = {
  posts: true,
  pages: true,
  menus: false,
  testimonials: false,
  faq: false,
  partners: false,
  products: true,
  lines: false,
  datasheets: false,
  software: false,
};

/** What the conflict and recovery messages call the record: 'Este post', 'deste post'. */
export const THIS_RECORD: Record<VersionedResource, { this: string; of: string; changed: string }> = {
  posts: { this: 'Este post', of: 'deste post', changed: 'alterado' },
  pages: { this: 'Esta página', of: 'desta página', changed: 'alterada' },
  menus: { this: 'Este menu', of: 'deste menu', changed: 'alterado' },
  testimonials: { this: 'Este depoimento', of: 'deste depoimento', changed: 'alterado' },
  faq: { this: 'Esta pergunta', of: 'desta pergunta', changed: 'alterada' },
  partners: { this: 'Este parceiro', of: 'deste parceiro', changed: 'alterado' },
  products: { this: 'Este produto', of: 'deste produto', changed: 'alterado' },
  lines: { this: 'Esta linha', of: 'desta linha', changed: 'alterada' },
  datasheets: { this: 'Este datasheet', of: 'deste datasheet', changed: 'alterado' },
  software: { this: 'Este software', of: 'deste software', changed: 'alterado' },
};

/** The form fields a local copy keeps (src/admin/revisions/localCopy.ts): what the editors type. */
export const EDITED: Record<VersionedResource, readonly string[]> = {
  posts: ['title', 'slug', 'excerpt', 'content', 'category', 'tags', 'status', 'published_at', 'review_note'],
  pages: ['name', 'slug', 'title', 'meta_description', 'content', 'status', 'published_at', 'review_note'],
  menus: ['title', 'items'],
  testimonials: ['name', 'company', 'role', 'quote', 'page', 'order'],
  faq: ['question', 'answer', 'order'],
  partners: ['name', 'full_name', 'kind', 'order', 'logo'],
  products: [...catalogFields('products').map(([name]) => name), 'status'],
  lines: catalogFields('lines').map(([name]) => name),
  datasheets: catalogFields('datasheets').map(([name]) => name),
  software: catalogFields('software').map(([name]) => name),
};

/**
 * The body that restores a version: its content fields, the revision it comes from and
 * the `updated` value the restore is based on (the server refuses a stale one).
 */
export function restoreBody(resource: VersionedResource, data: Record<string, unknown>, revisionId: string, updated: string) {
  const body: Record<string, unknown> = { restored_from: revisionId, updated };
  for (const name of RESTORED[resource]) {
    if (!(name in data)) continue;
    body[name] = name === 'tags' ? JSON.stringify(Array.isArray(data.tags) ? data.tags : []) : data[name];
  }
  return body;
}
