import { afterAll, describe, expect, test } from 'vitest';
import {
  brasiliaDay,
  formatBytes,
  formatDateInput,
  formatDateTime,
  formatDateTimeInput,
  formatIsoDay,
  formatIsoMoment,
  formatLongDate,
  formatNumber,
  formatRssDate,
  formatSeconds,
  formatShortDate,
  formatTime,
  startOfBrasiliaDay,
  toDate,
} from '../../src/lib/format';
import { parseBrasiliaDateTime } from '../../src/lib/dates';

/**
 * Zones a build machine or a browser may run in: each side of Brasília, Brasília itself
 * and the two extremes. Node applies process.env.TZ as soon as it is set.
 */
const ZONES = ['UTC', 'America/Sao_Paulo', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

/** Runs `check` once in every zone, naming the zone in a failure. */
function inEveryZone(check: (zone: string) => void) {
  for (const zone of ZONES) {
    process.env.TZ = zone;
    check(zone);
  }
}

/** 23:47 on 26/11/2026 in Brasília: the 27th in UTC. */
const LATE_EVENING = new Date('2026-11-27T02:47:00Z');

/** The evening in Brasília, from 21:00 (UTC's midnight) to the last millisecond of the day, and the next midnight. */
const EVENING = [
  { utc: '2026-11-27T00:00:00.000Z', day: '2026-11-26', time: '21:00' },
  { utc: '2026-11-27T02:47:00.000Z', day: '2026-11-26', time: '23:47' },
  { utc: '2026-11-27T02:59:59.999Z', day: '2026-11-26', time: '23:59' },
  { utc: '2026-11-27T03:00:00.000Z', day: '2026-11-27', time: '00:00' },
];

describe('the zone really changes under the tests', () => {
  test('the same moment is another local day in another zone', () => {
    const localDays = new Set<number>();
    inEveryZone(() => localDays.add(LATE_EVENING.getDate()));
    // Without this, the tests below would prove nothing about the machine's zone.
    expect([...localDays].sort()).toEqual([26, 27]);
  });
});

describe('moments are placed in Brasília, whatever the machine’s zone', () => {
  test('between 21:00 and midnight in Brasília it is still that day', () => {
    inEveryZone((zone) => {
      for (const { utc, day } of EVENING) {
        expect(formatIsoDay(brasiliaDay(new Date(utc))), `${utc} em ${zone}`).toBe(day);
      }
      expect(formatLongDate(brasiliaDay(LATE_EVENING)), zone).toBe('26 de novembro de 2026');
    });
  });

  test('a moment is declared with Brasília’s offset, in ISO 8601 and for RSS', () => {
    inEveryZone((zone) => {
      expect(formatIsoMoment(LATE_EVENING), zone).toBe('2026-11-26T23:47:00-03:00');
      expect(formatRssDate(LATE_EVENING), zone).toBe('Thu, 26 Nov 2026 23:47:00 -0300');
      expect(formatIsoMoment(new Date('2026-11-27T03:00:00Z')), zone).toBe('2026-11-27T00:00:00-03:00');
    });
  });

  test('the admin shows Brasília’s date and time', () => {
    inEveryZone((zone) => {
      for (const { utc, day, time } of EVENING) {
        const [y, m, d] = day.split('-');
        expect(formatDateTime(utc), `${utc} em ${zone}`).toBe(`${d}/${m}/${y}, ${time}`);
        expect(formatShortDate(utc.replace('T', ' ')), `${utc} em ${zone}`).toBe(`${d}/${m}/${y}`);
        expect(formatTime(utc), `${utc} em ${zone}`).toBe(time);
        expect(formatDateInput(new Date(utc)), `${utc} em ${zone}`).toBe(day);
      }
      expect(formatDateTime('2025-01-31 12:00:07.000Z', { seconds: true }), zone).toBe('31/01/2025, 09:00:07');
    });
  });

  test('Brasília’s old summer time is followed (the zone’s rules, not a fixed offset)', () => {
    inEveryZone((zone) => {
      // 15/01/2018, 23:30 in Brasília was 01:30 UTC (UTC-2).
      expect(formatIsoDay(brasiliaDay(new Date('2018-01-16T01:30:00Z'))), zone).toBe('2018-01-15');
      expect(formatIsoMoment(new Date('2018-01-16T01:30:00Z')), zone).toBe('2018-01-15T23:30:00-02:00');
    });
  });
});

describe('days are the calendar day they name, whatever the zone', () => {
  test('a date-only value is shown and declared as that day', () => {
    inEveryZone((zone) => {
      const day = new Date('2022-09-13T00:00:00Z'); // front matter `date: 2022-09-13`
      expect(formatLongDate(day), zone).toBe('13 de setembro de 2022');
      expect(formatIsoDay(day), zone).toBe('2022-09-13');
      expect(formatLongDate(new Date('2024-12-31T00:00:00Z')), zone).toBe('31 de dezembro de 2024');
    });
  });

  test('a day begins at midnight in Brasília', () => {
    inEveryZone((zone) => {
      expect(startOfBrasiliaDay(new Date('2026-11-26T00:00:00Z')).toISOString(), zone).toBe('2026-11-26T03:00:00.000Z');
      expect(formatIsoMoment(startOfBrasiliaDay(new Date('2022-09-13T00:00:00Z'))), zone).toBe('2022-09-13T00:00:00-03:00');
    });
  });
});

describe('date-times typed in the admin are Brasília time', () => {
  test('the input shows and reads back Brasília’s wall time in any browser zone', () => {
    inEveryZone((zone) => {
      expect(formatDateTimeInput(LATE_EVENING), zone).toBe('2026-11-26T23:47');
      expect(parseBrasiliaDateTime('2026-11-26T23:47')?.toISOString(), zone).toBe('2026-11-27T02:47:00.000Z');
      expect(parseBrasiliaDateTime('2026-11-26T21:00')?.toISOString(), zone).toBe('2026-11-27T00:00:00.000Z');
      expect(parseBrasiliaDateTime('2024-05-01T23:59:59.999')?.toISOString(), zone).toBe('2024-05-02T02:59:59.999Z');
      expect(parseBrasiliaDateTime(formatDateTimeInput(new Date('2030-01-02T13:05:00Z')))?.toISOString(), zone).toBe(
        '2030-01-02T13:05:00.000Z',
      );
    });
  });

  test('a value with its zone is that moment; what is not a real time is nothing', () => {
    expect(parseBrasiliaDateTime('2030-01-02 13:05:00.000Z')?.toISOString()).toBe('2030-01-02T13:05:00.000Z');
    expect(parseBrasiliaDateTime('2030-01-02T10:05:00-03:00')?.toISOString()).toBe('2030-01-02T13:05:00.000Z');
    expect(parseBrasiliaDateTime(LATE_EVENING)).toBe(LATE_EVENING);
    for (const bad of ['', '2030-02-31T10:00', '2030-01-02T25:00', 'amanhã', null, 42, new Date('x')]) {
      expect(parseBrasiliaDateTime(bad), String(bad)).toBeNull();
    }
  });
});

describe('format', () => {
  test('reads PocketBase, ISO and Date values, and nothing else', () => {
    expect(toDate('2025-01-31 12:00:00.000Z')?.toISOString()).toBe('2025-01-31T12:00:00.000Z');
    expect(toDate('2025-01-31T12:00:00Z')?.toISOString()).toBe('2025-01-31T12:00:00.000Z');
    for (const bad of ['', '  ', 'amanhã', undefined, null, 42, new Date('x')]) expect(toDate(bad)).toBeUndefined();
  });

  test('empty for what is not a date', () => {
    expect(formatDateTime('')).toBe('');
    expect(formatShortDate('não é data')).toBe('');
    expect(formatTime(undefined)).toBe('');
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
