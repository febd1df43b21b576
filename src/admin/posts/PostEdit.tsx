/**
 * Editing a post. The record-level rule decides before the form shows: authors
 * edit only their own drafts and posts in review (the server refuses the rest);
 * anyone else who opens the address sees 'Acesso Negado'. Two tabs: the post
 * ('Conteúdo') and its 'Histórico' (src/admin/revisions/RevisionHistory.tsx).
 * A post sent back by an editor shows the editor's note.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useCanAccess, useEditContext } from 'react-admin';
import { AccessDenied } from '../common/AccessDenied';
import { canAccessArea } from '../access';
import { postPath } from '../common/SiteLink';
import { LiveSiteLink } from '../common/PublicationStatus';
import { useActor } from '../common/useActor';
import { Spinner } from '../layout/AccessGate';
import { SendNewsletterButton } from '../sends/SendNewsletterButton';
import { EditTabs } from '../revisions/EditTabs';
import { VersionedEdit } from '../revisions/VersionedEdit';
import { PostForm } from './PostForm';
import { PostStatusChip } from './PostStatusChip';
import { toPostBody, type PostFormValues } from './postRules';

function ReviewNote({ note }: { note: string }) {
  return (
    <Alert severity="info" data-testid="review-note">
      <AlertTitle>Nota do editor</AlertTitle>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {note}
      </Typography>
    </Alert>
  );
}

function PostEditView() {
  const { record, isPending } = useEditContext();
  const access = useCanAccess({ resource: 'posts', action: 'edit', record, enabled: Boolean(record) });
  const { actor } = useActor();
  if (isPending || !record || access.isPending) return <Spinner />;
  if (!access.canAccess) return <AccessDenied area="posts" />;
  const note = String(record.review_note ?? '').trim();
  return (
    <Stack sx={{ gap: 1, mt: 1 }}>
      <Title title={`Editar post: ${String(record.title ?? '')}`} />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <PostStatusChip status={String(record.status)} />
        {record.author_name ? (
          <Typography variant="body2" color="text.secondary">
            Por {String(record.author_name)}
          </Typography>
        ) : null}
        {postPath(record) ? <LiveSiteLink path={postPath(record)!} title={String(record.title ?? '')} /> : null}
        {postPath(record) && canAccessArea(actor, 'sends', 'create') ? <SendNewsletterButton slug={String(record.slug)} /> : null}
      </Stack>
      {note && record.status !== 'published' && record.status !== 'scheduled' ? <ReviewNote note={note} /> : null}
      <Card>
        <EditTabs resource="posts" label="Seções do post">
          <PostForm isNew={false} />
        </EditTabs>
      </Card>
    </Stack>
  );
}

export default function PostEdit() {
  const { actor } = useActor();
  return (
    <VersionedEdit resource="posts" transform={(values) => toPostBody(values as PostFormValues, { actor })}>
      <PostEditView />
    </VersionedEdit>
  );
}
