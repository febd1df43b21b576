/** Images the editor inserts: from the media library, or pasted and dropped files. */

/** An image to insert: its address and alternative text ('' only for a decorative image). */
export interface EditorImage {
  src: string;
  alt: string;
}

/** The image files a paste or drop carries (text and HTML pastes carry none). */
export function imageFiles(data: DataTransfer | null | undefined): File[] {
  return [...(data?.files ?? [])].filter((file) => file.type.startsWith('image/'));
}
