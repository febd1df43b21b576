import type { RaRecord } from 'react-admin';
import { pb } from '../pocketbase';

/** A row of the `media` collection (original_filename, file_size and mime_type are filled by the server). */
export interface MediaRecord extends RaRecord {
  id: string;
  collectionId: string;
  collectionName: string;
  file: string;
  original_filename: string;
  file_size: number;
  mime_type: string;
  alt_text: string;
  uploaded_by: string;
  created: string;
}

/** The file's public address (media files are public: they appear on the site). */
export function fileUrl(record: MediaRecord): string {
  return pb.files.getURL(record, record.file);
}

/**
 * A thumbnail address. 320x240 is one of the sizes the `file` field declares
 * (pb_migrations/1795308100_staff_schema.js); PocketBase serves the original for
 * undeclared sizes.
 */
export function thumbUrl(record: MediaRecord): string {
  return pb.files.getURL(record, record.file, { thumb: '320x240' });
}
