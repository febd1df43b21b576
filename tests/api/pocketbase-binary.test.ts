/**
 * The binary reports what server/ adds to PocketBase (--version), and a
 * POCKETBASE_BIN built without one of those features is refused instead of running
 * without it: the real binary, and the same sources built without the audit log.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { SERVER_FEATURES, assertServerFeatures, reportedFeatures, resolvePocketBase } from '../../scripts/pocketbase.mjs';

describe('the PocketBase binary', () => {
  test('reports every server feature in --version', async () => {
    const bin = await resolvePocketBase();
    const version = execFileSync(bin, ['--version'], { encoding: 'utf8' });
    expect(reportedFeatures(version).sort()).toEqual([...SERVER_FEATURES].sort());
    expect(() => assertServerFeatures(bin)).not.toThrow();
  });

  test('a build without one of them is refused with a clear message', async () => {
    const withoutAudit = await resolvePocketBase({ tags: ['noaudit'] });
    expect(() => assertServerFeatures(withoutAudit)).toThrow(
      /compilado sem audit .*recompile a partir de server\/ \(npm run pocketbase\) ou remova a variável/,
    );
    // The official release binary reports no feature at all.
    expect(reportedFeatures('pocketbase version 0.39.11')).toEqual([]);
  }, 600_000);
});
