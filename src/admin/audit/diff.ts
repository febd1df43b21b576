/**
 * Old and new values of an audit row, field by field, for the details dialog:
 * which fields were added, removed, changed or kept.
 */

export type FieldChange = 'added' | 'removed' | 'changed' | 'same';

export interface FieldDiff {
  field: string;
  before: unknown;
  after: unknown;
  /** Whether the field exists on each side (a null value is still a value). */
  hasBefore: boolean;
  hasAfter: boolean;
  change: FieldChange;
}

type Values = Record<string, unknown> | null | undefined;

function asObject(values: unknown): Record<string, unknown> | null {
  return values && typeof values === 'object' && !Array.isArray(values) ? (values as Record<string, unknown>) : null;
}

/** Deep equality for JSON values (key order does not matter). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && sameValue(left[key], right[key]));
}

/**
 * One entry per field of either side, in the order the fields first appear
 * (old values first, then fields only the new values have).
 * @example diffValues({ is_active: true, role: 'author' }, { is_active: false, role: 'author' })
 * // [{ field: 'is_active', change: 'changed', … }, { field: 'role', change: 'same', … }]
 */
export function diffValues(oldValues: Values | unknown, newValues: Values | unknown): FieldDiff[] {
  const before = asObject(oldValues);
  const after = asObject(newValues);
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const hasBefore = before !== null && Object.prototype.hasOwnProperty.call(before, field);
    const hasAfter = after !== null && Object.prototype.hasOwnProperty.call(after, field);
    const b = hasBefore ? before![field] : undefined;
    const a = hasAfter ? after![field] : undefined;
    let change: FieldChange;
    if (!hasBefore) change = 'added';
    else if (!hasAfter) change = 'removed';
    else change = sameValue(b, a) ? 'same' : 'changed';
    return { field, before: b, after: a, hasBefore, hasAfter, change };
  });
}

/** The names of the fields that differ (added, removed or changed). */
export function changedFields(oldValues: unknown, newValues: unknown): string[] {
  return diffValues(oldValues, newValues)
    .filter((entry) => entry.change !== 'same')
    .map((entry) => entry.field);
}

/** A value as shown in the dialog: text as is, everything else as indented JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}
