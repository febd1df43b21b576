/**
 * What each staff member may see and do in the admin, derived from
 * src/lib/permissions.ts (the same table the server's API rules mirror). react-admin
 * asks through authProvider.canAccess; screens and buttons ask through useCanAccess.
 */
import { allows, can, type Actor, type RecordFacts } from '../lib/permissions';

/** The admin's areas: resources plus the screens that are not lists. */
export type Area =
  | 'dashboard'
  | 'profile'
  | 'users'
  | 'posts'
  | 'pages'
  | 'menus'
  | 'testimonials'
  | 'faq'
  | 'partners'
  | 'products'
  | 'lines'
  | 'datasheets'
  | 'software'
  | 'media'
  | 'settings'
  | 'audit'
  | 'messages'
  | 'newsletter'
  | 'sends'
  | 'deliveries'
  | 'comments'
  | 'backups'
  | 'analytics'
  | 'privacy'
  | 'git-articles';

/** The "Acesso Negado" texts, one per area. */
export const DENIED_MESSAGES: Partial<Record<Area, string>> = {
  users: 'Você não tem permissão para gerenciar usuários.',
  posts: 'Você não tem permissão para gerenciar posts.',
  pages: 'Você não tem permissão para gerenciar páginas.',
  menus: 'Você não tem permissão para editar os menus do site.',
  testimonials: 'Você não tem permissão para editar os depoimentos.',
  faq: 'Você não tem permissão para editar as perguntas frequentes.',
  partners: 'Você não tem permissão para editar os parceiros.',
  products: 'Você não tem permissão para editar os produtos.',
  lines: 'Você não tem permissão para editar as linhas de produtos.',
  datasheets: 'Você não tem permissão para editar os datasheets.',
  software: 'Você não tem permissão para editar os softwares.',
  media: 'Você não tem permissão para gerenciar mídia.',
  settings: 'Você não tem permissão para acessar as configurações.',
  audit: 'Você não tem permissão para acessar os logs de auditoria.',
  messages: 'Você não tem permissão para acessar as mensagens de contato.',
  newsletter: 'Você não tem permissão para acessar os inscritos da newsletter.',
  sends: 'Você não tem permissão para enviar a newsletter.',
  backups: 'Você não tem permissão para gerenciar backups.',
  comments: 'Você não tem permissão para moderar comentários.',
  analytics: 'Você não tem permissão para ver as estatísticas do site.',
  privacy: 'Você não tem permissão para atender pedidos de titulares de dados.',
};

/**
 * Whether the actor may perform a react-admin action (list, show, create, edit,
 * delete, export…) in an area; with a record, the record-level rule decides.
 * @example canAccessArea(author, 'posts', 'edit', { author: 'someone-else', status: 'draft' }) // false
 */
export function canAccessArea(actor: Actor | null, area: string, action: string, record?: RecordFacts): boolean {
  const isDelete = action === 'delete';
  const isEdit = action === 'edit';
  switch (area) {
    case 'dashboard':
    case 'profile':
      return can(actor, 'read');
    // The articles in git are public and read-only: staff list them, nobody changes them here.
    case 'git-articles':
      return (action === 'list' || action === 'show') && can(actor, 'read');
    case 'users':
    case 'settings':
    case 'audit':
    case 'backups':
      return can(actor, 'admin');
    // Data-subject requests (pb_hooks/lib/privacy/privacy.js): only admins look up, export and erase.
    case 'privacy':
      return can(actor, 'admin');
    case 'posts':
      if (isDelete) return can(actor, 'delete');
      if (isEdit && record) return allows(actor, 'posts', 'update', record, {});
      return can(actor, 'create');
    case 'pages':
    case 'testimonials':
    case 'faq':
    case 'partners':
      return can(actor, 'editor');
    // The catalogue: the whole staff reads it; editors and admins change it.
    case 'products':
    case 'lines':
    case 'datasheets':
    case 'software':
      return action === 'list' || action === 'show' ? can(actor, 'read') : can(actor, 'editor');
    // The three menus are made by a migration: editors and admins only list and edit them.
    case 'menus':
      return (action === 'list' || action === 'edit') && can(actor, 'editor');
    case 'media':
      if (isDelete) return record ? allows(actor, 'media', 'delete', record) : can(actor, 'delete');
      if (isEdit && record) return allows(actor, 'media', 'update', record, {});
      return can(actor, 'create');
    case 'messages':
    case 'comments':
      return can(actor, 'editor');
    // Statistics are read, never changed.
    case 'analytics':
      return (action === 'list' || action === 'show') && can(actor, 'editor');
    case 'newsletter':
      return isDelete ? can(actor, 'admin') : can(actor, 'editor');
    // Sends are read here and started from a post (the 'create' asked by its button);
    // the server writes them.
    case 'sends':
      return (action === 'list' || action === 'show' || action === 'create') && can(actor, 'editor');
    case 'deliveries':
      return action === 'list' && can(actor, 'editor');
    default:
      return false;
  }
}
