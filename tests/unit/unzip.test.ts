import { deflateRawSync, crc32 } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { extractZipEntry } from '../../scripts/test-tools/unzip.mjs';

/** Writes a minimal ZIP archive (stored or deflated entries), as release archives are. */
function makeZip(entries: { name: string; data: Buffer; deflate: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const body = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('extractZipEntry', () => {
  const binary = Buffer.from('\x7fELF'.repeat(500));
  const zip = makeZip([
    { name: 'CHANGELOG.md', data: Buffer.from('# changes'), deflate: false },
    { name: 'pocketbase', data: binary, deflate: true },
  ]);

  test('returns the bytes of a deflated entry', () => {
    expect(extractZipEntry(zip, 'pocketbase').equals(binary)).toBe(true);
  });

  test('returns the bytes of a stored entry', () => {
    expect(extractZipEntry(zip, 'CHANGELOG.md').toString()).toBe('# changes');
  });

  test('fails clearly for a missing entry or a file that is not a ZIP', () => {
    expect(() => extractZipEntry(zip, 'LICENSE.md')).toThrow(/"LICENSE.md" não encontrada/);
    expect(() => extractZipEntry(Buffer.alloc(64), 'pocketbase')).toThrow(/ZIP inválido/);
  });
});
