/**
 * The media library's client-side rules: size
 * display, and the checks an upload passes BEFORE it is sent. The server applies
 * the same limits again (the `file` field of pb_migrations/1795308100_staff_schema.js:
 * 10 MB, images, PDF, text and Word, sniffed from the content).
 */
import mediaTypes from '../../../shared/media-types.json';

/** 10 MB per file. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** An empty file is refused (PocketBase would store nothing useful). */
const MIN_FILE_BYTES = 1;
/** At most this many files per upload (a batch a person can still review one by one). */
export const MAX_FILES = 10;

/** Accepted extensions (with their dot) and their MIME types, from shared/media-types.json. */
export const ACCEPTED_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(mediaTypes.types).map(([extension, type]) => [`.${extension}`, type]),
);

/** The `accept` attribute of the file input. */
export const ACCEPT_ATTRIBUTE = [...new Set([...Object.values(ACCEPTED_TYPES), ...Object.keys(ACCEPTED_TYPES)])].join(',');

/** Rejection messages, worded as react-dropzone words them. */
export const UPLOAD_MESSAGES = {
  tooLarge: (max: number) => `File is larger than ${max} ${max === 1 ? 'byte' : 'bytes'}`,
  tooSmall: (min: number) => `File is smaller than ${min} ${min === 1 ? 'byte' : 'bytes'}`,
  invalidType: () => `File type must be one of ${Object.keys(ACCEPTED_TYPES).join(', ')}`,
  tooMany: 'Too many files',
} as const;

/** The lowercase extension of a file name, with its dot ('' when there is none). */
export function extensionOf(name: string): string {
  const match = /\.[^./\\]+$/.exec(name);
  return match ? match[0].toLowerCase() : '';
}

/** What the rules look at in a file (a browser File satisfies it). */
export interface FileFacts {
  name: string;
  size: number;
}

/** The reasons one file is refused (empty when it is accepted). */
export function fileErrors(file: FileFacts): string[] {
  const errors: string[] = [];
  if (!(extensionOf(file.name) in ACCEPTED_TYPES)) errors.push(UPLOAD_MESSAGES.invalidType());
  if (file.size > MAX_FILE_BYTES) errors.push(UPLOAD_MESSAGES.tooLarge(MAX_FILE_BYTES));
  if (file.size < MIN_FILE_BYTES) errors.push(UPLOAD_MESSAGES.tooSmall(MIN_FILE_BYTES));
  return errors;
}

export interface Rejection<F extends FileFacts> {
  file: F;
  errors: string[];
}

/**
 * Splits newly chosen files into accepted and rejected, given how many are already
 * in the list. Past MAX_FILES in total every new file is refused with 'Too many
 * files' (as the drop zone does: all or nothing for the batch).
 */
export function checkFiles<F extends FileFacts>(
  chosen: readonly F[],
  alreadySelected = 0,
): { accepted: F[]; rejected: Rejection<F>[] } {
  if (alreadySelected + chosen.length > MAX_FILES) {
    return { accepted: [], rejected: chosen.map((file) => ({ file, errors: [UPLOAD_MESSAGES.tooMany] })) };
  }
  const accepted: F[] = [];
  const rejected: Rejection<F>[] = [];
  for (const file of chosen) {
    const errors = fileErrors(file);
    if (errors.length) rejected.push({ file, errors });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/** Whether a media record is an image the server can make thumbnails of. */
export function isImage(mimeType: string | undefined): boolean {
  return /^image\/(jpeg|png|gif|webp)$/.test(mimeType ?? '');
}

/** The success text for an upload batch. */
export function uploadedMessage(count: number): string {
  return `${count} arquivo(s) enviado(s) com sucesso!`;
}
