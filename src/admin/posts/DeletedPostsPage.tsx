/**
 * 'Posts excluídos': the posts deleted in the last 30 days (their history is kept that
 * long, pb_hooks/lib/revisions/revisions.js), each with who deleted it and when, and
 * 'Restaurar post excluído', which creates it again as it was (same address in the
 * admin, same history; the cover image is not recovered). Admins and editors only.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRedirect } from 'react-admin';
import { can } from '../../lib/permissions';
import { formatDateTime } from '../../lib/format';
import { blogPostPath } from '../common/SiteLink';
import { TrashPage } from '../common/TrashPage';
import { useAdminDataProvider } from '../dataProvider';
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
  const redirect = useRedirect();
  const dataProvider = useAdminDataProvider();
  return (
    <TrashPage<DeletedPost>
      title="Posts excluídos"
      resource="deleted-posts"
      area="posts"
      allowed={(actor) => can(actor, 'delete')}
      intro="Posts excluídos nos últimos 30 dias podem ser restaurados com o conteúdo, o status e o histórico que tinham. A imagem de capa não é recuperada."
      loadError="Não foi possível carregar os posts excluídos"
      empty="Nenhum post foi excluído nos últimos 30 dias."
      testId="deleted-post"
      nameOf={(post) => post.title || post.slug}
      restoreLabel="Restaurar post excluído"
      restore={(post) => dataProvider.restoreDeletedPost(post.id)}
      restored={(post) => `Post "${post.title}" restaurado como estava ao ser excluído.`}
      restoreError="Não foi possível restaurar o post"
      afterRestore={(post) => redirect('edit', 'posts', post.id)}
    >
      {(post) => (
        <Stack sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{post.title || post.slug}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {blogPostPath(post.slug)} · {statusLabel(post.status)} · excluído por {post.deleted_by || 'sistema'} em{' '}
            {formatDateTime(post.deleted_at)}
          </Typography>
        </Stack>
      )}
    </TrashPage>
  );
}
