/**
 * What the editor inserts for a media image, and the upload of a pasted or dropped
 * image file to Mídia under the library's checks (fileRules.ts, altText.ts) and the
 * server's. Re-exported by MediaPickerDialog.tsx, the editor's one import.
 */
import type { DataProvider } from 'react-admin';
import { mediaFileUrl } from '../../lib/cms/media-images';
import { altChoiceError, altFields, ALT_TEXT_MESSAGES, isImageFile, type AltChoice } from './altText';
import { fileErrors } from './fileRules';
import type { MediaRecord } from './types';

/** A chosen or uploaded media image, ready to be inserted as `![alt](url)`. */
export interface MediaPick {
  id: string;
  /** Root-relative: `/api/files/media/{id}/{file}` (prefix API_BASE where the site lives elsewhere). */
  url: string;
  /** '' when decorative. */
  alt: string;
  decorative: boolean;
  /** Upright pixel size from the server; 0 when unknown. */
  width: number;
  height: number;
}

export function toMediaPick(record: MediaRecord): MediaPick {
  return {
    id: record.id,
    url: mediaFileUrl(record.id, record.file),
    alt: record.decorative ? '' : (record.alt_text ?? ''),
    decorative: Boolean(record.decorative),
    width: Number(record.width) || 0,
    height: Number(record.height) || 0,
  };
}

/** Whether a media image may be inserted as it is: described, or marked decorative. */
export function isDescribed(record: Pick<MediaRecord, 'alt_text' | 'decorative'>): boolean {
  return Boolean(record.decorative) || (record.alt_text ?? '').trim() !== '';
}

let lastProvider: DataProvider | undefined;

/**
 * Remembers react-admin's data provider for uploadImageToMedia calls made outside React
 * (a paste handler). Called by the media dialogs (AltTextPrompt, MediaPickerDialog).
 */
export function rememberDataProvider(dataProvider: DataProvider) {
  lastProvider = dataProvider;
}

/**
 * Uploads a pasted or dropped image to Mídia with its alternative text (or the
 * decorative mark) and answers what to insert.
 *
 * Throws an Error with the pt-BR message shown in Mídia: the client checks first (not
 * an image, over 10 MB, empty, no alternative text), then the server's refusal as the
 * library's toast shows it ('Erro ao enviar arquivo: Arquivo: A imagem é grande demais
 * …'). Nothing is stored when it throws.
 *
 * @param file the image file (JPEG, PNG, GIF or WebP)
 * @param choice the answer of askAltText / AltTextPrompt
 * @param dataProvider react-admin's (`useDataProvider()`); left out, the one of the last
 *   media dialog shown, so a paste handler may call it right after AltTextPrompt answers
 * @example
 * const choice = await askAltText(file);
 * if (choice) insert(await uploadImageToMedia(file, choice));
 */
export async function uploadImageToMedia(
  file: File,
  choice: AltChoice,
  dataProvider: DataProvider | undefined = lastProvider,
): Promise<MediaPick> {
  if (!isImageFile(file)) throw new Error(ALT_TEXT_MESSAGES.notAnImage);
  const errors = fileErrors(file);
  if (errors.length) throw new Error(errors.join(' · '));
  const missing = altChoiceError(choice);
  if (missing) throw new Error(missing);
  if (!dataProvider) throw new Error('Não foi possível enviar a imagem: abra o painel de novo e tente outra vez.');
  const { data } = await dataProvider.create<MediaRecord>('media', { data: { file, ...altFields(choice) } });
  return toMediaPick(data);
}
