import type { DataProvider } from 'react-admin';
import { describe, expect, test, vi } from 'vitest';
import { altChoiceError, altFields, isImageFile } from '../../src/admin/media/altText';
import { isDescribed, toMediaPick, uploadImageToMedia } from '../../src/admin/media/mediaPick';
import type { MediaRecord } from '../../src/admin/media/types';

const record = (fields: Partial<MediaRecord> = {}): MediaRecord => ({
  id: 'abc123def456ghi',
  collectionId: 'pbc_media',
  collectionName: 'media',
  file: 'placa_x1y2z3w4v5.png',
  original_filename: 'placa.png',
  file_size: 70,
  mime_type: 'image/png',
  alt_text: 'Placa controladora',
  decorative: false,
  width: 1200,
  height: 800,
  uploaded_by: '',
  created: '2026-01-14 12:00:00.000Z',
  ...fields,
});

/** A data provider whose create answers the record the server would (or fails like it). */
function provider(create: (data: Record<string, unknown>) => MediaRecord | Error) {
  const calls: Record<string, unknown>[] = [];
  const dataProvider = {
    create: vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => {
      calls.push(params.data);
      const answer = create(params.data);
      if (answer instanceof Error) throw answer;
      return { data: answer };
    }),
  } as unknown as DataProvider;
  return { dataProvider, calls };
}

const png = (name = 'colada.png', size = 70) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('the alternative-text rule', () => {
  test('an image needs a text or the decorative mark', () => {
    expect(altChoiceError({ alt: '  ', decorative: false })).toBe(
      'Escreva o texto alternativo ou marque a imagem como decorativa.',
    );
    expect(altChoiceError({ alt: 'Placa', decorative: false })).toBeNull();
    expect(altChoiceError({ alt: '', decorative: true })).toBeNull();
  });

  test('a decorative image keeps no text; a text is trimmed, without markup, at most 300 characters', () => {
    expect(altFields({ alt: 'Placa', decorative: true })).toEqual({ alt_text: '', decorative: true });
    expect(altFields({ alt: '  <b>Placa</b> azul ', decorative: false })).toEqual({
      alt_text: 'bPlaca/b azul',
      decorative: false,
    });
    expect(altFields({ alt: 'x'.repeat(400), decorative: false }).alt_text).toHaveLength(300);
  });

  test('images are JPEG, PNG, GIF and WebP, by extension', () => {
    expect(['a.jpg', 'a.JPEG', 'a.png', 'a.gif', 'a.webp'].map((name) => isImageFile({ name }))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['a.pdf', 'a.txt', 'a.svg', 'a'].map((name) => isImageFile({ name }))).toEqual([false, false, false, false]);
  });
});

describe('toMediaPick', () => {
  test('answers the root-relative address, text and size the editor inserts', () => {
    expect(toMediaPick(record())).toEqual({
      id: 'abc123def456ghi',
      url: '/api/files/media/abc123def456ghi/placa_x1y2z3w4v5.png',
      alt: 'Placa controladora',
      decorative: false,
      width: 1200,
      height: 800,
    });
  });

  test('a decorative image is inserted without text', () => {
    expect(toMediaPick(record({ decorative: true, alt_text: 'sobra' }))).toMatchObject({ alt: '', decorative: true });
  });

  test('isDescribed: text or decorative', () => {
    expect(isDescribed(record())).toBe(true);
    expect(isDescribed(record({ alt_text: '' }))).toBe(false);
    expect(isDescribed(record({ alt_text: '', decorative: true }))).toBe(true);
  });
});

describe('uploadImageToMedia', () => {
  test('creates the media record with the file and its alternative text, and answers the pick', async () => {
    const { dataProvider, calls } = provider(() => record({ alt_text: 'Placa colada' }));
    const file = png();
    const pick = await uploadImageToMedia(file, { alt: ' Placa colada ', decorative: false }, dataProvider);
    expect(calls).toEqual([{ file, alt_text: 'Placa colada', decorative: false }]);
    expect(pick).toMatchObject({
      url: '/api/files/media/abc123def456ghi/placa_x1y2z3w4v5.png',
      alt: 'Placa colada',
      width: 1200,
    });
  });

  test('sends a decorative image without text', async () => {
    const { dataProvider, calls } = provider(() => record({ alt_text: '', decorative: true }));
    await uploadImageToMedia(png(), { alt: 'ignorado', decorative: true }, dataProvider);
    expect(calls[0]).toMatchObject({ alt_text: '', decorative: true });
  });

  test.each([
    [
      'a document',
      new File(['%PDF-1.4'], 'manual.pdf'),
      { alt: 'Manual', decorative: false },
      /^Tipo de arquivo não permitido\. Envie uma imagem JPG, PNG, GIF ou WebP\.$/,
    ],
    [
      'an image over 10 MB',
      png('grande.png', 10 * 1024 * 1024 + 1),
      { alt: 'Grande', decorative: false },
      /^File is larger than 10485760 bytes$/,
    ],
    ['an empty file', png('vazia.png', 0), { alt: 'Vazia', decorative: false }, /^File is smaller than 1 byte$/],
    ['an image without text or the decorative mark', png(), { alt: '', decorative: false }, /^Escreva o texto alternativo/],
  ])('refuses %s before sending anything, with the library message', async (_label, file, choice, message) => {
    const { dataProvider } = provider(() => record());
    await expect(uploadImageToMedia(file, choice, dataProvider)).rejects.toThrow(message);
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  test("throws the server's refusal as the library's toast words it", async () => {
    const refusal = new Error(
      'Erro ao enviar arquivo: Arquivo: A imagem é grande demais (10000 × 10000 pixels): o limite é de 40 megapixels e de 10.000 pixels de largura ou de altura. Reduza a imagem e envie de novo.',
    );
    const { dataProvider } = provider(() => refusal);
    await expect(uploadImageToMedia(png(), { alt: 'Bomba', decorative: false }, dataProvider)).rejects.toBe(refusal);
  });
});
