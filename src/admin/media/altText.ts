/**
 * The alternative-text rule of the media library: an image is described (alt text) or
 * marked decorative (alt="", for an image that adds nothing a reader would miss);
 * documents need neither. Asked before an upload is sent and before an image without
 * one is inserted in a text, so no image reaches the site without it; the server keeps a decorative image without
 * text (pb_hooks/media.pb.js).
 */
import { secureInput } from '../auth/passwordRules';
import { ACCEPTED_TYPES, extensionOf } from './fileRules';

/** The `alt_text` field's limit in the schema. */
export const ALT_TEXT_MAX = 300;

/** What a person chose for one image. */
export interface AltChoice {
  alt: string;
  decorative: boolean;
}

export const EMPTY_CHOICE: AltChoice = { alt: '', decorative: false };

export const ALT_TEXT_MESSAGES = {
  missing: 'Escreva o texto alternativo ou marque a imagem como decorativa.',
  notAnImage: 'Tipo de arquivo não permitido. Envie uma imagem JPG, PNG, GIF ou WebP.',
} as const;

/** Whether a file, by its name, is an image the library accepts (JPEG, PNG, GIF, WebP). */
export function isImageFile(file: { name: string }): boolean {
  return (ACCEPTED_TYPES[extensionOf(file.name)] ?? '').startsWith('image/');
}

/** The refusal of a choice, or null when the image is described or decorative. */
export function altChoiceError(choice: AltChoice): string | null {
  return choice.decorative || choice.alt.trim() !== '' ? null : ALT_TEXT_MESSAGES.missing;
}

/** The record fields for a choice: a decorative image keeps no text. */
export function altFields(choice: AltChoice): { alt_text: string; decorative: boolean } {
  return { alt_text: choice.decorative ? '' : secureInput(choice.alt, ALT_TEXT_MAX), decorative: choice.decorative };
}
