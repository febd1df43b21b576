/**
 * The binary reports what server/ adds to PocketBase (--version), and a
 * POCKETBASE_BIN built without one of those features is refused instead of running
 * without it: the real binary, and an executable that answers as an older build does.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
    // What a build of an older server/ answers: one feature short.
    const lacking = SERVER_FEATURES.at(-1)!;
    const dir = await mkdtemp(path.join(tmpdir(), 'pb-old-'));
    const older = path.join(dir, 'pocketbase');
    await writeFile(older, `#!/bin/sh\necho "pocketbase version 0.39.11 (operium: ${SERVER_FEATURES.slice(0, -1).join(' ')})"\n`);
    await chmod(older, 0o755);
    try {
      expect(() => assertServerFeatures(older)).toThrow(
        new RegExp(`compilado sem ${lacking} .*recompile a partir de server/ \\(npm run pocketbase\\) ou remova a variável`),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // The official release binary reports no feature at all.
    expect(reportedFeatures('pocketbase version 0.39.11')).toEqual([]);
  });
});
