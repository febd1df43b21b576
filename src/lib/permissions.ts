/**
 * The staff role table (admin, editor, author) and the
 * resource rules derived from it. The admin UI uses these to show or hide actions;
 * the real enforcement is PocketBase's API rules (pb_migrations/*_staff_schema.js).
 * tests/api/authorization-matrix.test.ts runs every role against a real server and
 * checks that both agree.
 */

export const ROLES = ['admin', 'editor', 'author'] as const;
export type Role = (typeof ROLES)[number];

/** The permissions, plus two screen gates ('admin', 'editor'): areas only those roles open. */
export const PERMISSIONS = ['read', 'create', 'update', 'publish', 'delete', 'editor', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Role → permissions (admin: all). */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: ['read', 'create', 'update', 'publish', 'delete', 'editor'],
  author: ['read', 'create', 'update'],
};

export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', editor: 'Editor', author: 'Autor' };

/** The signed-in staff member as the rules see them; null is the anonymous visitor. */
export interface Actor {
  id: string;
  role: Role | string;
  isActive: boolean;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Whether the actor holds a permission. Inactive accounts, unknown roles and
 * visitors hold none.
 * @example can({ id: 'u1', role: 'editor', isActive: true }, 'publish') // true
 */
export function can(actor: Actor | null, permission: Permission): boolean {
  if (!actor || !actor.isActive || !isRole(actor.role)) return false;
  return ROLE_PERMISSIONS[actor.role].includes(permission);
}

export type Collection =
  | 'users'
  | 'posts'
  | 'pages'
  | 'media'
  | 'public_site_settings'
  | 'audit_logs'
  | 'contact_messages'
  | 'newsletter_subscribers'
  | 'newsletter_sends'
  | 'newsletter_deliveries'
  | 'comments'
  | 'menus'
  | 'testimonials'
  | 'faq_entries'
  | 'partners'
  | 'product_lines'
  | 'products'
  | 'datasheets'
  | 'software'
  | 'revisions';

export type Operation = 'list' | 'view' | 'create' | 'update' | 'delete';

/** The fields of a record that the rules look at. */
export interface RecordFacts {
  id?: string;
  author?: string;
  status?: string;
  /** ISO date-time of publication (posts). */
  published_at?: string;
  key?: string;
  uploaded_by?: string;
  /** A partner's logo among the site's own files (src/assets), which only the server sets. */
  builtin_logo?: string;
  /** A product line's picture among the site's own files, likewise. */
  builtin_image?: string;
  /** Revisions: the collection of the record they belong to, and that post's author. */
  collection?: string;
  owner?: string;
}

/** The values a create or update request sends (only their presence and a few values matter). */
export type Changes = Record<string, unknown>;

/** The statuses an author may give their own post. */
export const AUTHOR_STATUSES: readonly string[] = ['draft', 'review'];

const sets = (changes: Changes | undefined, field: string) => changes !== undefined && field in changes;

/** Published, or scheduled for a time that has come: what anyone may read. */
function isPublic(post: RecordFacts, now = new Date()): boolean {
  if (post.status === 'published') return true;
  const at = post.published_at ? new Date(post.published_at.replace(' ', 'T')) : null;
  return post.status === 'scheduled' && at !== null && at.getTime() <= now.getTime();
}

/**
 * Whether the actor may perform an operation on a record: the same decision as the
 * collection's API rule on the server.
 * - list/view/delete: `record` is the stored record;
 * - create: `changes` is the submitted body (`record` unused);
 * - update: `record` is the stored record, `changes` the submitted body.
 * @example allows(author, 'posts', 'update', { author: author.id, status: 'draft' }, { status: 'published' }) // false
 */
export function allows(
  actor: Actor | null,
  collection: Collection,
  operation: Operation,
  record: RecordFacts = {},
  changes?: Changes,
): boolean {
  // An inactive account's token opens nothing on the server, public reads included (403).
  if (actor && !actor.isActive) return false;
  const admin = can(actor, 'admin');
  const editor = can(actor, 'editor');
  const staff = can(actor, 'read');
  const author = staff && actor?.role === 'author';
  const own = (owner: string | undefined) => staff && owner !== undefined && owner === actor?.id;
  const read = operation === 'list' || operation === 'view';

  switch (collection) {
    case 'users':
      if (read) return admin || own(record.id);
      // The two-step switch ('two_step') is each account's own, set in Perfil: never at creation.
      if (operation === 'create')
        return !sets(changes, 'two_step') && (admin || (!sets(changes, 'role') && !sets(changes, 'is_active')));
      if (operation === 'update') {
        // Nobody changes their own role or active flag, admins included: another admin must.
        // Admins always sign in with two steps: they may not turn the switch off.
        if (own(record.id))
          return (
            !sets(changes, 'role') &&
            !sets(changes, 'is_active') &&
            (admin || !sets(changes, 'verified')) &&
            (!admin || !sets(changes, 'two_step') || changes?.two_step === true)
          );
        return admin && !sets(changes, 'two_step');
      }
      return admin;

    case 'posts': {
      if (read) return isPublic(record) || editor || (author && own(record.author));
      if (operation === 'delete') return editor;
      if (editor) return true;
      if (!author) return false;
      const keepsAuthor = !sets(changes, 'author') || changes?.author === actor?.id;
      // An author moves their own post between draft and review, never further.
      const staysUnpublished = !sets(changes, 'status') || AUTHOR_STATUSES.includes(String(changes?.status));
      // The byline, the publication date and the editor's note are the editors' to set.
      const noFacts = !sets(changes, 'author_name') && !sets(changes, 'published_at') && !sets(changes, 'review_note');
      if (operation === 'create') return keepsAuthor && staysUnpublished && noFacts;
      return own(record.author) && AUTHOR_STATUSES.includes(String(record.status)) && keepsAuthor && staysUnpublished && noFacts;
    }

    case 'pages':
      return read ? record.status === 'published' || editor : editor;

    // What the pages share (testimonials, FAQ): public, written by editors and admins.
    case 'testimonials':
    case 'faq_entries':
      return read || editor;

    // The partners likewise; a logo among the site's own files is kept or cleared, never
    // set or changed through the API (Mídia refuses SVG; the seeded SVG marks are files).
    case 'partners': {
      if (read) return true;
      const builtin = changes?.builtin_logo;
      const keeps =
        !sets(changes, 'builtin_logo') || builtin === '' || (operation === 'update' && builtin === record.builtin_logo);
      return operation === 'delete' ? editor : editor && keeps;
    }

    // The catalogue: datasheets and software are public, written by editors and admins.
    case 'datasheets':
    case 'software':
      return read || editor;

    // Products: drafts are read by staff only (authors read the catalogue, never write it).
    case 'products':
      return read ? record.status === 'published' || staff : editor;

    // A line's picture among the site's own files is kept or cleared, never set or
    // changed through the API, as a partner's logo (the seeded pictures are files).
    case 'product_lines': {
      if (read) return true;
      const builtin = changes?.builtin_image;
      const keeps =
        !sets(changes, 'builtin_image') || builtin === '' || (operation === 'update' && builtin === record.builtin_image);
      return operation === 'delete' ? editor : editor && keeps;
    }

    case 'media':
      if (operation === 'view') return true;
      if (operation === 'list' || operation === 'create') return staff;
      if (operation === 'update') return editor || own(record.uploaded_by);
      return editor;

    case 'public_site_settings':
      if (read) return !String(record.key ?? '').startsWith('smtp') || admin;
      if (operation === 'update') return admin && (!sets(changes, 'key') || changes?.key === record.key);
      return admin;

    case 'audit_logs':
      return read && admin;

    // Personal data: admins and editors only.
    case 'contact_messages':
      if (operation === 'create') return true;
      return editor;

    case 'newsletter_subscribers':
      if (operation === 'create') return true;
      if (read) return editor;
      return operation === 'delete' && admin;

    // Newsletter sends and their deliveries: editors and admins follow them; only the
    // server writes them (a send starts through pb_hooks/lib/newsletter/send.js, which
    // asks the same 'editor' permission).
    case 'newsletter_sends':
    case 'newsletter_deliveries':
      return read && editor;

    // Anyone comments (the server makes every new comment 'pending'); the public
    // reads approved ones only, never the e-mail; admins and editors moderate.
    case 'comments':
      if (operation === 'create') return true;
      if (read) return record.status === 'approved' || editor;
      return editor;

    // The site's menus: the build reads them unsigned; editors and admins change
    // their items, never their key; the three menus are made by a migration only.
    case 'menus':
      if (read) return true;
      return operation === 'update' && editor && (!sets(changes, 'key') || changes?.key === record.key);

    // The history of posts and pages: written only by the server at each save, never
    // changed; an author reads that of the posts they own.
    case 'revisions':
      if (!read) return false;
      return editor || (author && record.collection === 'posts' && own(record.owner));
  }
}
