import type { RaRecord } from 'react-admin';
import { useFileUrl } from '../dataProvider';

/**
 * A row of the `media` collection (original_filename, file_size, mime_type, width and
 * height are filled by the server; width and height are 0 for documents).
 */
export interface MediaRecord extends RaRecord {
  id: string;
  collectionId: string;
  collectionName: string;
  file: string;
  original_filename: string;
  file_size: number;
  mime_type: string;
  alt_text: string;
  /** An image that needs no alternative text (alt=""). */
  decorative: boolean;
  width: number;
  height: number;
  uploaded_by: string;
  created: string;
}

/**
 * A media file's addresses (media files are public: they appear on the site): the
 * file itself and its thumbnail. 320x240 is one of the sizes the `file` field
 * declares (pb_migrations/1795308100_staff_schema.js); PocketBase serves the
 * original for undeclared sizes.
 */
export function useMediaUrls() {
  const fileUrl = useFileUrl();
  return {
    fileUrl: (record: MediaRecord) => fileUrl(record, record.file),
    thumbUrl: (record: MediaRecord) => fileUrl(record, record.file, { thumb: '320x240' }),
  };
}
