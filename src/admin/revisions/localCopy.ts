/**
 * The editor's local copy of unsaved changes (localStorage, this browser only):
 * written every few seconds while a form has changes, offered back after a closed
 * tab or a crash, removed once the record is saved. Nothing here reaches the server.
 */
import type { VersionedResource } from './versionFields';

export interface LocalCopy {
  /** The form's values (files left out: they cannot be kept here). */
  values: Record<string, unknown>;
  /** When the copy was written (ms). */
  at: number;
}

const PREFIX = 'operium:alteracoes-locais';

/**
 * One copy per staff member and record (and one for a record not yet created): on a
 * shared browser, nobody is offered someone else's text.
 */
export function localCopyKey(user: string | undefined, resource: VersionedResource, id?: string | number): string {
  return `${PREFIX}:${user ?? 'anonimo'}:${resource}:${id ?? 'novo'}`;
}

export function readLocalCopy(key: string): LocalCopy | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? 'null') as LocalCopy | null;
    return parsed && typeof parsed === 'object' && parsed.values && typeof parsed.at === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** Writes the copy; false when the browser refuses (storage full or disabled). */
export function writeLocalCopy(key: string, values: Record<string, unknown>): boolean {
  try {
    localStorage.setItem(key, JSON.stringify({ values, at: Date.now() } satisfies LocalCopy));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalCopy(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage disabled: there is no copy to remove.
  }
}

/** The values worth keeping: everything the form edits except files and server-kept fields. */
export function keptValues(values: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const name of fields) {
    const value = values[name];
    if (value !== undefined && !(typeof value === 'object' && value !== null && 'rawFile' in value)) kept[name] = value;
  }
  return kept;
}

/** Whether a copy holds something the record does not (compared as the form would show it). */
export function differsFrom(copy: Record<string, unknown>, record: Record<string, unknown>): boolean {
  return Object.entries(copy).some(([name, value]) => JSON.stringify(value ?? '') !== JSON.stringify(record[name] ?? ''));
}
