/**
 * The editor's way to the media library: 'Imagem' opens the picker (search,
 * thumbnails, upload inside; src/admin/media/MediaPickerDialog.tsx) and a pasted or
 * dropped image is uploaded to Mídia after its alternative text is asked for, under
 * Mídia's own checks. Both resolve with what to insert, addressed from where the
 * site's visitors fetch files (API_BASE: '' on one origin).
 */
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import { API_BASE } from '../../lib/forms/api';
import type { AltChoice } from '../media/MediaPickerDialog';
import type { EditorImage } from './images';

const MediaPickerDialog = lazy(() =>
  import('../media/MediaPickerDialog').then((module) => ({ default: module.MediaPickerDialog })),
);
const AltTextPrompt = lazy(() => import('../media/MediaPickerDialog').then((module) => ({ default: module.AltTextPrompt })));

interface Pending<T> {
  resolve: (value: T) => void;
}

export function useEditorImages(): {
  pick: () => Promise<EditorImage | null>;
  upload: (file: File) => Promise<EditorImage | null>;
  dialogs: ReactNode;
} {
  const dataProvider = useDataProvider();
  const [picking, setPicking] = useState<Pending<EditorImage | null> | null>(null);
  const [asking, setAsking] = useState<(Pending<AltChoice | null> & { file: File }) | null>(null);
  const queue = useRef(Promise.resolve());

  const pick = () => new Promise<EditorImage | null>((resolve) => setPicking({ resolve }));

  // One question at a time when several images are pasted at once.
  const upload = (file: File) => {
    const next = queue.current.then(async () => {
      const answer = await new Promise<AltChoice | null>((resolve) => setAsking({ file, resolve }));
      if (!answer) return null;
      const { uploadImageToMedia } = await import('../media/MediaPickerDialog');
      const media = await uploadImageToMedia(file, answer, dataProvider);
      return { src: `${API_BASE}${media.url}`, alt: media.alt };
    });
    queue.current = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  };

  const dialogs = (
    <Suspense fallback={null}>
      {picking && (
        <MediaPickerDialog
          open
          onClose={() => {
            picking.resolve(null);
            setPicking(null);
          }}
          onPick={(media) => {
            picking.resolve({ src: `${API_BASE}${media.url}`, alt: media.alt });
            setPicking(null);
          }}
        />
      )}
      {asking && (
        <AltTextPrompt
          file={asking.file}
          onAnswer={(answer) => {
            asking.resolve(answer);
            setAsking(null);
          }}
        />
      )}
    </Suspense>
  );
  return { pick, upload, dialogs };
}
