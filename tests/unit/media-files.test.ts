import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import {
  ACCEPTED_TYPES,
  MAX_FILE_BYTES,
  MAX_FILES,
  UPLOAD_MESSAGES,
  checkFiles,
  extensionOf,
  fileErrors,
  isImage,
  uploadedMessage,
} from '../../src/admin/media/fileRules';
import { formatBytes as formatFileSize } from '../../src/lib/format';

const require = createRequire(import.meta.url);
(globalThis as Record<string, unknown>).__hooks = new URL('../../pb_hooks', import.meta.url).pathname;
const server = require('../../pb_hooks/lib/media/mime.js') as { mimeOf: (name: string) => string };

describe('formatFileSize', () => {
  test.each([
    [0, '0 Bytes'],
    [-5, '0 Bytes'],
    [Number.NaN, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1,5 KB'],
    [1234, '1,21 KB'],
    [1048576, '1 MB'],
    [MAX_FILE_BYTES, '10 MB'],
    [5 * 1024 * 1024 + 123456, '5,12 MB'],
    [1024 ** 3, '1 GB'],
    [2.555 * 1024 ** 3, '2,56 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%s bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('upload checks', () => {
  test('accepts the spec types, by extension, in any case', () => {
    for (const name of ['a.jpeg', 'b.JPG', 'c.png', 'd.gif', 'e.webp', 'f.pdf', 'g.txt', 'h.doc', 'i.DOCX']) {
      expect(fileErrors({ name, size: 10 }), name).toEqual([]);
    }
  });

  test('refuses other types with the spec message', () => {
    for (const name of ['setup.exe', 'page.html', 'image.svg', 'noextension', 'archive.pdf.zip']) {
      expect(fileErrors({ name, size: 10 }), name).toEqual([
        'File type must be one of .jpeg, .jpg, .png, .gif, .webp, .pdf, .txt, .doc, .docx',
      ]);
    }
  });

  test('refuses files over 10 MB and empty files', () => {
    expect(fileErrors({ name: 'big.pdf', size: MAX_FILE_BYTES })).toEqual([]);
    expect(fileErrors({ name: 'big.pdf', size: MAX_FILE_BYTES + 1 })).toEqual(['File is larger than 10485760 bytes']);
    expect(fileErrors({ name: 'empty.txt', size: 0 })).toEqual(['File is smaller than 1 byte']);
    expect(fileErrors({ name: 'huge.exe', size: 11 * 1024 * 1024 })).toHaveLength(2);
  });

  test('splits a batch into accepted and rejected files', () => {
    const files = [
      { name: 'ok.png', size: 100 },
      { name: 'bad.exe', size: 100 },
      { name: 'big.jpg', size: MAX_FILE_BYTES + 1 },
    ];
    const { accepted, rejected } = checkFiles(files);
    expect(accepted).toEqual([files[0]]);
    expect(rejected.map((r) => r.file.name)).toEqual(['bad.exe', 'big.jpg']);
  });

  test(`more than ${MAX_FILES} files in all: the whole batch is 'Too many files'`, () => {
    const batch = Array.from({ length: 3 }, (_, i) => ({ name: `f${i}.png`, size: 1 }));
    expect(checkFiles(batch, MAX_FILES - 3).accepted).toHaveLength(3);
    const { accepted, rejected } = checkFiles(batch, MAX_FILES - 2);
    expect(accepted).toEqual([]);
    expect(rejected.every((r) => r.errors[0] === UPLOAD_MESSAGES.tooMany && r.errors[0] === 'Too many files')).toBe(true);
  });

  test('the accepted list is the server one (pb_hooks/lib/media/mime.js)', () => {
    for (const [extension, mime] of Object.entries(ACCEPTED_TYPES)) {
      expect(server.mimeOf(`file${extension}`)).toBe(mime);
    }
    expect(server.mimeOf('file.exe')).toBe('application/octet-stream');
  });

  test('helpers', () => {
    expect(extensionOf('Relatório Final.PDF')).toBe('.pdf');
    expect(extensionOf('.hidden/none')).toBe('');
    expect(isImage('image/webp')).toBe(true);
    expect(isImage('image/svg+xml')).toBe(false);
    expect(isImage(undefined)).toBe(false);
    expect(uploadedMessage(2)).toBe('2 arquivo(s) enviado(s) com sucesso!');
  });
});
