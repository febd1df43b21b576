/**
 * 'Mídia excluída': Mídia's trash (pb_hooks/lib/media/deleted-media.js). Each file with who
 * deleted it and when and where it is still used, 'Restaurar arquivo', which puts it
 * back in the library as it was, and 'Excluir definitivamente' for a file nothing uses.
 * Admins and editors only (deleting is theirs).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { useState } from 'react';
import { Confirm, useDelete, useNotify } from 'react-admin';
import { formatBytes, formatDateTime } from '../../lib/format';
import { canAccessArea } from '../access';
import { TrashPage } from '../common/TrashPage';
import { useAdminDataProvider, type MediaUse } from '../dataProvider';
import { reasonOf } from '../errors';
import { isImage } from './fileRules';
import { MediaUsageList } from './MediaUsage';
import { useMediaUrls, type MediaRecord } from './types';

interface DeletedMedia extends MediaRecord {
  deleted_at: string;
  deleted_by: string;
  usage: MediaUse[];
}

const nameOf = (file: DeletedMedia) => file.original_filename || file.file;

/** A second deletion, from the trash (the server refuses it while the file is used, and so does this button). */
function DeleteForGood({ file, onDone }: { file: DeletedMedia; onDone: () => void }) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete<DeletedMedia>();
  const confirm = () =>
    remove(
      'media',
      { id: file.id, previousData: file },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`Arquivo "${nameOf(file)}" excluído definitivamente.`, { type: 'success' });
          setOpen(false);
          onDone();
        },
        onError: (failure) => {
          notify(`Não foi possível excluir o arquivo: ${reasonOf(failure)}`, { type: 'error' });
          setOpen(false);
          onDone();
        },
      },
    );
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        size="small"
        startIcon={<DeleteForeverIcon />}
        disabled={file.usage.length > 0 || isPending}
        onClick={() => setOpen(true)}
        aria-label={`Excluir definitivamente: ${nameOf(file)}`}
      >
        Excluir definitivamente
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="Excluir definitivamente"
        content={`O arquivo "${nameOf(file)}" será excluído definitivamente e não poderá mais ser restaurado.`}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export default function DeletedMediaPage() {
  const dataProvider = useAdminDataProvider();
  const { thumbUrl } = useMediaUrls();
  return (
    <TrashPage<DeletedMedia>
      title="Mídia excluída"
      resource="deleted-media"
      area="media"
      allowed={(actor) => canAccessArea(actor, 'media', 'delete')}
      intro="Arquivos excluídos podem ser restaurados por 30 dias; depois disso são excluídos definitivamente. Enquanto um arquivo for usado em um post, página ou configuração, ele continua aparecendo ali e não é excluído definitivamente."
      loadError="Não foi possível carregar a mídia excluída"
      empty="Nenhum arquivo excluído."
      testId="deleted-media"
      nameOf={nameOf}
      restoreLabel="Restaurar arquivo"
      restore={(file) => dataProvider.restoreDeletedMedia(file.id)}
      restored={(file) => `Arquivo "${nameOf(file)}" restaurado para a biblioteca de mídia.`}
      restoreError="Não foi possível restaurar o arquivo"
      actions={(file, reload) => <DeleteForGood file={file} onDone={reload} />}
    >
      {(file) => (
        <>
          {isImage(file.mime_type) ? (
            <Box
              component="img"
              src={thumbUrl(file)}
              alt=""
              loading="lazy"
              sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
            />
          ) : null}
          <Stack sx={{ flex: '1 1 16rem', minWidth: 0, gap: 0.5 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{nameOf(file)}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {formatBytes(file.file_size)} · excluído por {file.deleted_by || 'sistema'} em {formatDateTime(file.deleted_at)}
            </Typography>
            <MediaUsageList usage={file.usage} />
          </Stack>
        </>
      )}
    </TrashPage>
  );
}
