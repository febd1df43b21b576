/**
 * 'Menu' in the admin: what the form sends and checks, from the rules the server
 * applies (shared/menus.js, pb_hooks/lib/menus/menus.js), so an editor sees a refusal
 * before saving; the server stays the authority (it also checks that each page exists
 * and each path is served).
 */
import { MENUS, menuItemProblems } from '../../../shared/menus.js';

export interface MenuItem {
  id: string;
  label: string;
  page: string;
  url: string;
  new_tab: boolean;
}

export interface MenuFormValues {
  key?: string;
  title?: string;
  items?: Partial<MenuItem>[] | null;
}

/** The menu's definition (its pt-BR name, whether it shows a title), by key. */
export function menuDefinition(key: unknown) {
  return MENUS.find((menu) => menu.key === key);
}

/** A new item's id: letters and digits, as shared/menus.js asks. */
export function newItemId(): string {
  return `i${Math.random().toString(36).slice(2, 12).padEnd(10, '0')}`;
}

/**
 * The items as the server takes them: every key present, nothing else (react-admin's
 * list adds empty items without an id, and an input cleared may leave null).
 * @example menuItems([{ label: ' Blog ', url: '/blog' }])[0] // { id: 'i…', label: 'Blog', page: '', url: '/blog', new_tab: false }
 */
export function menuItems(items: MenuFormValues['items']): MenuItem[] {
  return (items ?? []).map((item) => ({
    id: item.id || newItemId(),
    label: (item.label ?? '').trim(),
    page: item.page ?? '',
    url: (item.url ?? '').trim(),
    new_tab: Boolean(item.new_tab),
  }));
}

/** The body a save sends: the column title (only where the menu shows one) and the items. */
export function toMenuBody(values: MenuFormValues) {
  const definition = menuDefinition(values.key);
  return { title: definition?.hasTitle ? (values.title ?? '').trim() : '', items: menuItems(values.items) };
}

/** The form's errors, in pt-BR: the same sentences the server would answer. */
export function validateMenu(values: MenuFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const definition = menuDefinition(values.key);
  if (definition?.hasTitle && !(values.title ?? '').trim()) errors.title = 'Preencha o título da coluna.';
  const problems = menuItemProblems(menuItems(values.items));
  if (problems.length) errors.items = problems.join(' ');
  return errors;
}
