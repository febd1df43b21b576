/**
 * 'Mídia excluída': Mídia's trash (pb_hooks/lib/deleted-media.js). Each file with who
 * deleted it and when, where it is still used, and 'Restaurar arquivo', which puts it
 * back in the library as it was. Admins and editors only (deleting is theirs).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { useState } from 'react';
import { useGetList, useNotify } from 'react-admin';
import { formatBytes, formatDateTime } from '../../lib/format';
import { canAccessArea } from '../access';
import { AccessDenied } from '../common/AccessDenied';
import { useActor } from '../common/useActor';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useAdminDataProvider, type MediaUse } from '../dataProvider';
import { reasonOf } from '../errors';
import { Spinner } from '../layout/AccessGate';
import { isImage } from './fileRules';
import { MediaUsageList } from './MediaUsage';
import { useMediaUrls, type MediaRecord } from './types';

interface DeletedMedia extends MediaRecord {
  deleted_at: string;
  deleted_by: string;
  usage: MediaUse[];
}

export default function DeletedMediaPage() {
  useDocumentTitle('Mídia excluída');
  const { actor, isPending: loadingActor } = useActor();
  const allowed = canAccessArea(actor, 'media', 'delete');
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const { thumbUrl } = useMediaUrls();
  const [restoring, setRestoring] = useState<string | null>(null);
  const { data, isPending, error, refetch } = useGetList<DeletedMedia>(
    'deleted-media',
    { sort: { field: 'deleted_at', order: 'DESC' }, pagination: { page: 1, perPage: 100 } },
    { enabled: allowed },
  );
  if (loadingActor) return <Spinner />;
  if (!allowed) return <AccessDenied area="media" />;
  const restore = async (file: DeletedMedia) => {
    const name = file.original_filename || file.file;
    setRestoring(file.id);
    try {
      await dataProvider.restoreDeletedMedia(file.id);
      notify(`Arquivo "${name}" restaurado para a biblioteca de mídia.`, { type: 'success' });
    } catch (failure) {
      notify(`Não foi possível restaurar o arquivo: ${reasonOf(failure)}`, { type: 'error' });
    } finally {
      setRestoring(null);
      void refetch();
    }
  };
  return (
    <Stack sx={{ gap: 2, py: 2 }}>
      <Typography component="h1" variant="h5">
        Mídia excluída
      </Typography>
      <Typography color="text.secondary">
        Arquivos excluídos podem ser restaurados por 30 dias; depois disso são excluídos definitivamente. Enquanto um arquivo for
        usado em um post, página ou configuração, ele continua aparecendo ali e não é excluído definitivamente.
      </Typography>
      {error ? <Alert severity="error">Não foi possível carregar a mídia excluída: {reasonOf(error)}</Alert> : null}
      {isPending && !error ? <Spinner /> : null}
      {data && data.length === 0 ? <Typography>Nenhum arquivo excluído.</Typography> : null}
      {data && data.length > 0 ? (
        <List
          aria-label="Mídia excluída"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0, bgcolor: 'background.paper' }}
        >
          {data.map((file, index) => {
            const name = file.original_filename || file.file;
            return (
              <ListItem
                key={file.id}
                divider={index < data.length - 1}
                sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
                data-testid="deleted-media"
              >
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
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {formatBytes(file.file_size)} · excluído por {file.deleted_by || 'sistema'} em{' '}
                    {formatDateTime(file.deleted_at)}
                  </Typography>
                  <MediaUsageList usage={file.usage} />
                </Stack>
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<RestoreIcon />}
                  disabled={restoring !== null}
                  onClick={() => void restore(file)}
                  aria-label={`Restaurar arquivo: ${name}`}
                >
                  Restaurar arquivo
                </Button>
              </ListItem>
            );
          })}
        </List>
      ) : null}
    </Stack>
  );
}
