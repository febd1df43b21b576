import { describe, expect, test } from 'vitest';
import {
  ALL_ACCEPTED,
  CONSENT_KEY,
  PREFERENCES_KEY,
  grants,
  readConsent,
  resetConsent,
  saveConsent,
  type ConsentStorage,
} from '../../src/lib/consent/consent';

function memoryStorage(initial: Record<string, string> = {}): ConsentStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('readConsent', () => {
  test('returns null when the visitor has not chosen yet', () => {
    expect(readConsent(memoryStorage())).toBeNull();
  });

  test('returns null when the stored preferences are corrupt', () => {
    expect(readConsent(memoryStorage({ [CONSENT_KEY]: 'true', [PREFERENCES_KEY]: '{oops' }))).toBeNull();
    expect(readConsent(memoryStorage({ [CONSENT_KEY]: 'true', [PREFERENCES_KEY]: '42' }))).toBeNull();
  });

  test('ignores preferences stored without the consent flag', () => {
    expect(readConsent(memoryStorage({ [PREFERENCES_KEY]: JSON.stringify(ALL_ACCEPTED) }))).toBeNull();
  });

  test('treats anything but true as refused and keeps necessary on', () => {
    const storage = memoryStorage({
      [CONSENT_KEY]: 'true',
      [PREFERENCES_KEY]: JSON.stringify({ necessary: false, analytics: 'yes', marketing: true }),
    });
    expect(readConsent(storage)).toEqual({ necessary: true, analytics: false, marketing: true });
  });
});

describe('saveConsent and resetConsent', () => {
  test('persist the choice with necessary forced on, then forget it', () => {
    const storage = memoryStorage();
    const saved = saveConsent(storage, { analytics: true, marketing: false });
    expect(saved).toEqual({ necessary: true, analytics: true, marketing: false });
    expect(storage.data.get(CONSENT_KEY)).toBe('true');
    expect(readConsent(storage)).toEqual(saved);

    resetConsent(storage);
    expect(storage.data.size).toBe(0);
    expect(readConsent(storage)).toBeNull();
  });
});

describe('grants', () => {
  test('grants a category only when the stored choice allows it', () => {
    expect(grants(null, 'analytics')).toBe(false);
    expect(grants({ necessary: true, analytics: true, marketing: false }, 'analytics')).toBe(true);
    expect(grants({ necessary: true, analytics: true, marketing: false }, 'marketing')).toBe(false);
  });
});
