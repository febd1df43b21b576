/**
 * The files chosen for an upload and what was asked of each: the client checks of
 * fileRules.ts (size, type, count; their messages), the alternative text or
 * decorative mark of every image (altText.ts), then one create per file through the
 * data provider, one after the other; the server checks them again. Shared by Mídia's
 * upload dialog and the editor's image picker.
 */
import { useId, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useMutationOnce } from '../common/useMutationOnce';
import { altChoiceError, altFields, ALT_TEXT_MESSAGES, EMPTY_CHOICE, isImageFile, type AltChoice } from './altText';
import { checkFiles } from './fileRules';
import type { MediaRecord } from './types';

export interface ChosenFile {
  file: File;
  image: boolean;
  choice: AltChoice;
}

export interface Refusal {
  name: string;
  message: string;
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * @param options.imagesOnly refuse documents (the editor's picker inserts images only)
 * @param options.single keep one file: a new choice replaces it (the picker inserts one)
 */
export function useUploadBatch({ imagesOnly = false, single = false }: { imagesOnly?: boolean; single?: boolean } = {}) {
  const dataProvider = useDataProvider();
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  /** Counts the sends refused for an undescribed image: its fields then show why, and take the focus. */
  const [asked, setAsked] = useState(0);

  const choose = (list: FileList | readonly File[] | null) => {
    const kept = single ? [] : files;
    const chosen = Array.from(list ?? [])
      .filter((file) => !kept.some((current) => sameFile(current.file, file)))
      .slice(0, single ? 1 : undefined);
    if (chosen.length === 0) return;
    const { accepted, rejected } = checkFiles(chosen, kept.length);
    const notImages = imagesOnly ? accepted.filter((file) => !isImageFile(file)) : [];
    const added = accepted
      .filter((file) => !notImages.includes(file))
      .map((file) => ({ file, image: isImageFile(file), choice: EMPTY_CHOICE }));
    setFiles((current) => (single ? (added.length ? added : current) : [...current, ...added]));
    setRefusals([
      ...rejected.map(({ file, errors }) => ({ name: file.name, message: errors.join(' · ') })),
      ...notImages.map((file) => ({ name: file.name, message: ALT_TEXT_MESSAGES.notAnImage })),
    ]);
  };

  const remove = (file: File) => setFiles((current) => current.filter((item) => item.file !== file));
  const describe = (file: File, choice: AltChoice) =>
    setFiles((current) => current.map((item) => (item.file === file ? { ...item, choice } : item)));

  const reset = () => {
    setFiles([]);
    setRefusals([]);
    setAsked(0);
  };

  /** One create per file, one after the other; a failure does not stop the others. */
  const upload = useMutationOnce({
    mutationKey: ['media-upload', useId()],
    mutationFn: async (items: ChosenFile[]) => {
      const sent: MediaRecord[] = [];
      const failed: ChosenFile[] = [];
      const failures: Refusal[] = [];
      for (const item of items) {
        try {
          const data = item.image ? { file: item.file, ...altFields(item.choice) } : { file: item.file };
          sent.push((await dataProvider.create<MediaRecord>('media', { data })).data);
        } catch (error) {
          failed.push(item);
          failures.push({ name: item.file.name, message: error instanceof Error ? error.message : String(error) });
        }
      }
      return { sent, failed, failures };
    },
  });
  const uploading = upload.isPending;

  /** The images still lacking alternative text or the decorative mark. */
  const undescribed = files.filter((item) => item.image && altChoiceError(item.choice));

  /**
   * Sends every file, or none while an image is undescribed (then `asked` shows why).
   * What fails stays in the list with its reason, to be removed or tried again.
   */
  const send = async (): Promise<{ sent: MediaRecord[]; failures: Refusal[] } | null> => {
    if (files.length === 0 || uploading) return null;
    if (undescribed.length > 0) {
      setAsked((count) => count + 1);
      return null;
    }
    setRefusals([]);
    const answer = await upload.mutateAsync(files);
    if (!answer) return null; // already sending
    const { sent, failed, failures } = answer;
    setFiles(failed);
    setRefusals(failures);
    if (failures.length === 0) setAsked(0);
    return { sent, failures };
  };

  return { files, refusals, uploading, asked, undescribed, choose, remove, describe, reset, send };
}

export type UploadBatch = ReturnType<typeof useUploadBatch>;
