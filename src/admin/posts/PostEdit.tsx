/**
 * Editing a post. The record-level rule decides before the form shows: authors
 * edit only their own drafts (the server refuses the rest); anyone else who opens
 * the address sees 'Acesso Negado'.
 */
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EditBase, Title, useCanAccess, useEditContext, type RaRecord } from 'react-admin';
import { AccessDenied } from '../common/AccessDenied';
import { useActor } from '../common/useActor';
import { Spinner } from '../layout/AccessGate';
import { PostForm } from './PostForm';
import { PostStatusChip } from './PostStatusChip';
import { toPostBody, type PostFormValues } from './postRules';

function PostEditView() {
  const { record, isPending } = useEditContext();
  const access = useCanAccess({ resource: 'posts', action: 'edit', record, enabled: Boolean(record) });
  if (isPending || !record || access.isPending) return <Spinner />;
  if (!access.canAccess) return <AccessDenied area="posts" />;
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
      </Stack>
      <Card>
        <PostForm isNew={false} />
      </Card>
    </Stack>
  );
}

export default function PostEdit() {
  const { actor } = useActor();
  return (
    <EditBase
      mutationMode="pessimistic"
      redirect="list"
      transform={(values: PostFormValues, options?: { previousData?: RaRecord }) =>
        toPostBody(values, { actor, previousStatus: options?.previousData?.status as string | undefined })
      }
    >
      <PostEditView />
    </EditBase>
  );
}
