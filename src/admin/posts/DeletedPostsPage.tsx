/**
 * 'Posts excluídos': the posts deleted in the last 30 days (their history is kept that
 * long, pb_hooks/lib/revisions.js), each with who deleted it and when, and
 * 'Restaurar post excluído', which creates it again as it was (same address in the
 * admin, same history; the cover image is not recovered). Admins and editors only.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { useState } from 'react';
import { useGetList, useNotify, useRedirect } from 'react-admin';
import { can } from '../../lib/permissions';
import { formatDateTime } from '../../lib/format';
import { AccessDenied } from '../common/AccessDenied';
import { blogPostPath } from '../common/SiteLink';
import { useActor } from '../common/useActor';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useAdminDataProvider } from '../dataProvider';
import { reasonOf } from '../errors';
import { Spinner } from '../layout/AccessGate';
import { statusLabel } from './postRules';

interface DeletedPost {
  id: string;
  title: string;
  slug: string;
  status: string;
  deleted_by: string;
  deleted_at: string;
}

export default function DeletedPostsPage() {
  useDocumentTitle('Posts excluídos');
  const { actor, isPending: loadingActor } = useActor();
  const allowed = can(actor, 'delete');
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useAdminDataProvider();
  const [restoring, setRestoring] = useState<string | null>(null);
  const { data, isPending, error, refetch } = useGetList<DeletedPost>(
    'deleted-posts',
    { sort: { field: 'deleted_at', order: 'DESC' }, pagination: { page: 1, perPage: 100 } },
    { enabled: allowed },
  );
  if (loadingActor) return <Spinner />;
  if (!allowed) return <AccessDenied area="posts" />;
  const restore = async (post: DeletedPost) => {
    setRestoring(post.id);
    try {
      await dataProvider.restoreDeletedPost(post.id);
      notify(`Post "${post.title}" restaurado como estava ao ser excluído.`, { type: 'success' });
      redirect('edit', 'posts', post.id);
    } catch (failure) {
      notify(`Não foi possível restaurar o post: ${reasonOf(failure)}`, { type: 'error' });
      void refetch();
    } finally {
      setRestoring(null);
    }
  };
  return (
    <Stack sx={{ gap: 2, py: 2 }}>
      <Typography component="h1" variant="h5">
        Posts excluídos
      </Typography>
      <Typography color="text.secondary">
        Posts excluídos nos últimos 30 dias podem ser restaurados com o conteúdo, o status e o histórico que tinham. A imagem de
        capa não é recuperada.
      </Typography>
      {error ? <Alert severity="error">Não foi possível carregar os posts excluídos: {reasonOf(error)}</Alert> : null}
      {isPending && !error ? <Spinner /> : null}
      {data && data.length === 0 ? <Typography>Nenhum post foi excluído nos últimos 30 dias.</Typography> : null}
      {data && data.length > 0 ? (
        <List
          aria-label="Posts excluídos"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0, bgcolor: 'background.paper' }}
        >
          {data.map((post, index) => (
            <ListItem
              key={post.id}
              divider={index < data.length - 1}
              sx={{ flexWrap: 'wrap', gap: 1 }}
              data-testid="deleted-post"
            >
              <Stack sx={{ flex: '1 1 16rem', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{post.title || post.slug}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {blogPostPath(post.slug)} · {statusLabel(post.status)} · excluído por {post.deleted_by || 'sistema'} em{' '}
                  {formatDateTime(post.deleted_at)}
                </Typography>
              </Stack>
              <Button
                variant="outlined"
                size="small"
                startIcon={<RestoreIcon />}
                disabled={restoring !== null}
                onClick={() => void restore(post)}
                aria-label={`Restaurar post excluído: ${post.title || post.slug}`}
              >
                Restaurar post excluído
              </Button>
            </ListItem>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
