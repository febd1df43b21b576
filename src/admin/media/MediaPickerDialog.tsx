/**
 * 'Inserir imagem': the media library's images for the editor's 'Imagem' button. A
 * search, a grid of thumbnails ('Carregar mais' for older ones) and the upload step of
 * Mídia (UploadFields: the image's alternative text is asked before it is sent).
 * Choosing an image without alternative text first asks for it (saved to the library
 * when the staff member may edit the file) or for the decorative mark.
 *
 * The editor's API, all from this module:
 * - `<MediaPickerDialog open onClose onPick />`, onPick receiving a MediaPick;
 * - `uploadImageToMedia(file, { alt, decorative })` for a pasted or dropped image;
 * - `useAskAltText()` / `<AltTextPrompt file onAnswer />` to ask a file's alternative text.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useId, useState } from 'react';
import { useDataProvider, useInfiniteGetList, useNotify } from 'react-admin';
import { canAccessArea } from '../access';
import { useActor } from '../common/useActor';
import { useDebounced } from '../common/useDebounced';
import { useMutationOnce } from '../common/useMutationOnce';
import { visuallyHidden } from '../common/visuallyHidden';
import { AltTextForm } from './AltTextPrompt';
import { altFields, type AltChoice } from './altText';
import { isDescribed, rememberDataProvider, toMediaPick, type MediaPick } from './mediaPick';
import { useMediaUrls, type MediaRecord } from './types';
import { UploadFields } from './UploadFields';
import { useUploadBatch } from './useUploadBatch';

export { AltTextPrompt, useAskAltText } from './AltTextPrompt';
export { uploadImageToMedia, type MediaPick } from './mediaPick';
export type { AltChoice } from './altText';

const PER_PAGE = 24;
const SEARCH_DELAY_MS = 300;

function Library({ onChoose }: { onChoose: (record: MediaRecord) => void }) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const { thumbUrl } = useMediaUrls();
  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteGetList<MediaRecord>('media', {
    pagination: { page: 1, perPage: PER_PAGE },
    sort: { field: 'created', order: 'DESC' },
    filter: { mime_type_like: 'image/', ...(q ? { q } : {}) },
  });
  const records = data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <>
      <TextField
        type="search"
        fullWidth
        size="small"
        label="Buscar imagens"
        placeholder="Nome ou texto alternativo"
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ mt: 1, mb: 2 }}
      />
      {error ? (
        <Typography color="error" role="alert">
          {error.message}
        </Typography>
      ) : isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress aria-label="Carregando imagens..." />
        </Box>
      ) : records.length === 0 ? (
        <Typography sx={{ p: 2 }}>
          {q ? 'Nenhuma imagem encontrada para esta busca.' : 'Nenhuma imagem na biblioteca.'}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Imagens da biblioteca"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))',
          }}
        >
          {records.map((record) => {
            const name = record.original_filename || record.file;
            return (
              <li key={record.id}>
                <ButtonBase
                  focusRipple
                  onClick={() => onChoose(record)}
                  title={record.alt_text || name}
                  sx={{
                    width: '100%',
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'stretch',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    overflow: 'hidden',
                    '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.main', outlineStyle: 'solid' },
                  }}
                >
                  <Box
                    component="img"
                    src={thumbUrl(record)}
                    alt=""
                    loading="lazy"
                    sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'action.hover' }}
                  />
                  {/* Named by its content (visible text included, WCAG 2.5.3): 'Escolher <name>'. */}
                  <Typography variant="caption" noWrap sx={{ px: 0.5, py: 0.25, textAlign: 'left' }}>
                    <Box component="span" sx={visuallyHidden}>
                      Escolher{' '}
                    </Box>
                    {name}
                  </Typography>
                  {!isDescribed(record) ? (
                    <Typography variant="caption" color="text.secondary" sx={{ px: 0.5, pb: 0.25, fontStyle: 'italic' }}>
                      Sem texto alternativo
                    </Typography>
                  ) : null}
                </ButtonBase>
              </li>
            );
          })}
        </Box>
      )}
      {hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
          </Button>
        </Box>
      ) : null}
    </>
  );
}

export interface MediaPickerDialogProps {
  open: boolean;
  /** Closed without a choice (Cancelar, Escape, the backdrop). */
  onClose: () => void;
  /** The chosen (or just uploaded) image, described or decorative. The dialog does not close itself. */
  onPick: (pick: MediaPick) => void;
}

export function MediaPickerDialog({ open, onClose, onPick }: MediaPickerDialogProps) {
  const titleId = useId();
  const tabsId = useId();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const { actor } = useActor();
  const { thumbUrl } = useMediaUrls();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const batch = useUploadBatch({ imagesOnly: true, single: true });
  const [tab, setTab] = useState<'library' | 'upload'>('library');
  const [asking, setAsking] = useState<MediaRecord | null>(null);
  const save = useMutationOnce({
    mutationKey: ['media-picker', 'describe'],
    mutationFn: ({ record, fields }: { record: MediaRecord; fields: Partial<MediaRecord> }) =>
      dataProvider.update<MediaRecord>('media', { id: record.id, data: fields, previousData: record }),
  });
  const saving = save.isPending;
  useEffect(() => rememberDataProvider(dataProvider), [dataProvider]);

  const busy = saving || batch.uploading;
  const close = () => {
    if (busy) return;
    batch.reset();
    setAsking(null);
    onClose();
  };

  const choose = (record: MediaRecord) => (isDescribed(record) ? onPick(toMediaPick(record)) : setAsking(record));

  /** Saves the answer to the library when this staff member may edit the file; inserts it either way. */
  const describe = (record: MediaRecord, choice: AltChoice) => {
    const fields = altFields(choice);
    if (!canAccessArea(actor, 'media', 'edit', { id: record.id, uploaded_by: record.uploaded_by })) {
      onPick(toMediaPick({ ...record, ...fields }));
      return;
    }
    save.mutate(
      { record, fields },
      {
        onSuccess: ({ data }) => onPick(toMediaPick(data)),
        onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
      },
    );
  };

  const upload = async () => {
    const result = await batch.send();
    if (!result) return;
    if (result.failures.length) {
      notify(result.failures[0]!.message, { type: 'error' });
      return;
    }
    const [record] = result.sent;
    if (record) onPick(toMediaPick(record));
  };

  return (
    <Dialog open={open} onClose={close} fullWidth fullScreen={phone} maxWidth="md" aria-labelledby={titleId}>
      {asking ? (
        <AltTextForm
          key={asking.id}
          titleId={titleId}
          src={thumbUrl(asking)}
          name={asking.original_filename || asking.file}
          busy={saving}
          submitLabel={saving ? 'Salvando...' : 'Salvar e inserir'}
          cancelLabel="Voltar"
          onSubmit={(choice) => describe(asking, choice)}
          onCancel={() => setAsking(null)}
        />
      ) : (
        <>
          <DialogTitle id={titleId}>Inserir imagem</DialogTitle>
          <Tabs
            value={tab}
            onChange={(_, value: 'library' | 'upload') => setTab(value)}
            aria-label="Origem da imagem"
            variant="fullWidth"
            sx={{ px: { xs: 1, sm: 3 }, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="library" label="Biblioteca" id={`${tabsId}-library`} aria-controls={`${tabsId}-library-panel`} />
            <Tab value="upload" label="Enviar imagem" id={`${tabsId}-upload`} aria-controls={`${tabsId}-upload-panel`} />
          </Tabs>
          <DialogContent sx={{ minHeight: { sm: 360 } }}>
            <Box
              role="tabpanel"
              id={`${tabsId}-${tab}-panel`}
              aria-labelledby={`${tabsId}-${tab}`}
              sx={{ pt: tab === 'upload' ? 2 : 0 }}
            >
              {tab === 'library' ? <Library onChoose={choose} /> : <UploadFields batch={batch} imagesOnly />}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              Cancelar
            </Button>
            {tab === 'upload' ? (
              <Button variant="contained" onClick={upload} disabled={batch.files.length === 0 || busy}>
                {batch.uploading ? 'Enviando...' : 'Enviar e inserir'}
              </Button>
            ) : null}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
