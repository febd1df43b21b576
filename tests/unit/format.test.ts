import { describe, expect, test } from 'vitest';
import {
  formatBytes,
  formatDateTime,
  formatLongDate,
  formatNumber,
  formatSeconds,
  formatShortDate,
  toDate,
} from '../../src/lib/format';

describe('format', () => {
  test('reads PocketBase, ISO and Date values, and nothing else', () => {
    expect(toDate('2025-01-31 12:00:00.000Z')?.toISOString()).toBe('2025-01-31T12:00:00.000Z');
    expect(toDate('2025-01-31T12:00:00Z')?.toISOString()).toBe('2025-01-31T12:00:00.000Z');
    for (const bad of ['', '  ', 'amanhã', undefined, null, 42, new Date('x')]) expect(toDate(bad)).toBeUndefined();
  });

  test('dates and times in pt-BR, empty for what is not a date', () => {
    const local = new Date(2025, 0, 31, 9, 5, 7);
    expect(formatDateTime(local)).toBe('31/01/2025, 09:05');
    expect(formatDateTime(local, { seconds: true })).toBe('31/01/2025, 09:05:07');
    expect(formatShortDate(local)).toBe('31/01/2025');
    expect(formatDateTime('')).toBe('');
    expect(formatShortDate('não é data')).toBe('');
  });

  test('a date-only value keeps its calendar day in any time zone', () => {
    expect(formatLongDate(new Date('2020-10-06T00:00:00Z'))).toBe('06 de outubro de 2020');
    expect(formatLongDate(new Date('2024-12-31T00:00:00Z'))).toBe('31 de dezembro de 2024');
  });

  test('numbers, sizes and durations with the decimal comma', () => {
    expect(formatNumber(12345)).toBe('12.345');
    expect(formatNumber(1.5, { decimals: 2 })).toBe('1,50');
    expect(formatNumber(1.25, { maxDecimals: 1 })).toMatch(/^1,[23]$/);
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1500 * 1024 * 1024 * 1024)).toBe('1500 GB');
    expect(formatSeconds(1530)).toBe('1,5 s');
  });
});
