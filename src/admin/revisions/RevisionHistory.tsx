/**
 * The 'Histórico' tab of a post, page, menu, testimonial or FAQ entry: its revisions newest first (when, who, which
 * fields), two chosen to compare word by word, and 'Restaurar esta versão', which saves
 * that version's content as a new revision through the normal update (so the same
 * rules apply, and history is never rewritten).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDataProvider, useGetList, useNotify, useRecordContext, useRefresh, useUpdate, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../lib/format';
import { useActor } from '../common/useActor';
import { usePhone } from '../common/usePhone';
import { clearLocalCopy, localCopyKey } from './localCopy';
import { VersionDiff } from './VersionDiff';
import { collectionOf } from '../resources';
import { HAS_STATUS, RESTORE_KEEPS, restoreBody, type VersionedResource } from './versionFields';

const PER_PAGE = 20;

const KIND_LABELS: Record<string, string> = {
  create: 'Criação',
  update: 'Edição',
  restore: 'Restauração',
  delete: 'Exclusão',
};

export interface Revision extends RaRecord {
  kind: string;
  data: Record<string, unknown>;
  editor_name: string;
  summary: string;
  published: boolean;
  created: string;
}

const when = (revision: Revision) => formatDateTime(revision.created);
/** With seconds: two saves in the same minute still name different versions. */
const exactly = (revision: Revision) => formatDateTime(revision.created, { seconds: true });

function RestoreDialog({
  revision,
  resource,
  onClose,
}: {
  revision: Revision | null;
  resource: VersionedResource;
  onClose: () => void;
}) {
  const record = useRecordContext();
  const { actor } = useActor();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const confirm = () => {
    if (!revision || !record) return;
    update(
      resource,
      {
        id: record.id,
        data: restoreBody(resource, revision.data, String(revision.id), String(record.updated)),
        previousData: record,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          // Unsaved changes kept in this browser were made on what the restore replaced.
          clearLocalCopy(localCopyKey(actor?.id, resource, record.id));
          notify('Versão restaurada: ela é agora a versão atual.', { type: 'success' });
          onClose();
          refresh();
        },
        onError: (error) => {
          const status = (error as { status?: number }).status;
          notify(
            status === 409
              ? 'Alguém salvou depois que você abriu o histórico. Recarregue a página e tente de novo.'
              : `Não foi possível restaurar a versão: ${(error as Error).message}`,
            { type: 'error' },
          );
        },
      },
    );
  };
  return (
    <Dialog open={Boolean(revision)} onClose={onClose} aria-labelledby="restaurar-versao-titulo">
      <DialogTitle id="restaurar-versao-titulo">Restaurar esta versão?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          O conteúdo volta a ser o da versão de {revision ? when(revision) : ''}, salvo como uma nova versão (o histórico não é
          apagado). {RESTORE_KEEPS[resource]}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={confirm} disabled={isPending}>
          Restaurar esta versão
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function RevisionHistory({ resource }: { resource: VersionedResource }) {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Revision[]>([]);
  const [comparing, setComparing] = useState<[Revision, Revision] | null>(null);
  const [restoring, setRestoring] = useState<Revision | null>(null);
  const { data, pageInfo, total, isPending, error } = useGetList<Revision>(
    'revisions',
    {
      filter: { collection: collectionOf(resource), record: record?.id },
      sort: { field: 'created', order: 'DESC' },
      pagination: { page, perPage: PER_PAGE },
    },
    { enabled: Boolean(record?.id) },
  );
  if (!record) return null;
  if (error) return <Alert severity="error">Não foi possível carregar o histórico.</Alert>;
  if (isPending) return <Typography sx={{ p: 2 }}>Carregando o histórico…</Typography>;
  const revisions = data ?? [];
  const hasMore = total !== undefined ? page * PER_PAGE < total : Boolean(pageInfo?.hasNextPage);
  const newest = page === 1 ? revisions[0] : undefined;

  const toggle = (revision: Revision) =>
    setSelected((current) =>
      current.some((item) => item.id === revision.id)
        ? current.filter((item) => item.id !== revision.id)
        : [...current, revision].slice(-2),
    );
  const compare = (a: Revision, b: Revision) => setComparing(a.created <= b.created ? [a, b] : [b, a]);
  /** This revision against the one just before it (fetched when it is on the next page). */
  const compareWithPrevious = async (revision: Revision, index: number) => {
    const previous = revisions[index + 1];
    if (previous) return compare(previous, revision);
    try {
      const { data: older } = await dataProvider.getList<Revision>('revisions', {
        filter: { collection: collectionOf(resource), record: record.id, created_lte: revision.created },
        sort: { field: 'created', order: 'DESC' },
        pagination: { page: 1, perPage: 2 },
      });
      const previousOne = older.find((item) => item.id !== revision.id);
      if (previousOne) compare(previousOne, revision);
      else notify('Esta é a primeira versão: não há uma anterior para comparar.', { type: 'info' });
    } catch {
      notify('Não foi possível carregar a versão anterior.', { type: 'error' });
    }
  };

  return (
    <Stack sx={{ gap: 2, p: { xs: 1, sm: 2 } }}>
      <Stack direction={phone ? 'column' : 'row'} sx={{ gap: 1, alignItems: phone ? 'stretch' : 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          Marque duas versões para compará-las. Cada salvamento cria uma versão;{' '}
          {HAS_STATUS[resource] ? 'as 50 mais recentes e todas as publicadas são mantidas.' : 'as 50 mais recentes são mantidas.'}
        </Typography>
        <Button
          variant="contained"
          disabled={selected.length !== 2}
          onClick={() => selected.length === 2 && compare(selected[0]!, selected[1]!)}
        >
          Comparar as versões marcadas
        </Button>
      </Stack>
      {revisions.length === 0 ? (
        <Typography>Nenhuma versão registrada ainda.</Typography>
      ) : (
        <List aria-label="Versões" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}>
          {revisions.map((revision, index) => {
            const checked = selected.some((item) => item.id === revision.id);
            const isCurrent = newest?.id === revision.id;
            return (
              <ListItem
                key={revision.id}
                divider={index < revisions.length - 1}
                data-testid="revision"
                sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
              >
                <Checkbox
                  checked={checked}
                  onChange={() => toggle(revision)}
                  slotProps={{ input: { 'aria-label': `Marcar a versão de ${exactly(revision)}` } }}
                />
                <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {when(revision)} · {revision.editor_name || 'sistema'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {revision.summary}
                  </Typography>
                </Box>
                <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                  <Chip size="small" label={KIND_LABELS[revision.kind] ?? revision.kind} variant="outlined" />
                  {revision.published ? <Chip size="small" color="success" label="Publicada" /> : null}
                  {isCurrent ? <Chip size="small" color="primary" label="Atual" /> : null}
                  {revision.kind !== 'create' ? (
                    <Button
                      size="small"
                      onClick={() => void compareWithPrevious(revision, index)}
                      aria-label={`Ver diferenças da versão de ${exactly(revision)}`}
                    >
                      Ver diferenças
                    </Button>
                  ) : null}
                  {!isCurrent && revision.kind !== 'delete' ? (
                    <Button
                      size="small"
                      onClick={() => setRestoring(revision)}
                      aria-label={`Restaurar esta versão (de ${exactly(revision)})`}
                    >
                      Restaurar esta versão
                    </Button>
                  ) : null}
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}
      {page > 1 || hasMore ? (
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between' }}>
          <Button disabled={page === 1} onClick={() => setPage(page - 1)}>
            Mais recentes
          </Button>
          <Button disabled={!hasMore} onClick={() => setPage(page + 1)}>
            Mais antigas
          </Button>
        </Stack>
      ) : null}
      <Dialog open={Boolean(comparing)} onClose={() => setComparing(null)} fullScreen={phone} fullWidth maxWidth="lg">
        <DialogTitle>Diferenças entre versões</DialogTitle>
        <DialogContent>
          {comparing ? (
            <VersionDiff
              resource={resource}
              before={comparing[0].data}
              after={comparing[1].data}
              labels={{ before: `a versão de ${when(comparing[0])}`, after: `a de ${when(comparing[1])}` }}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setComparing(null)}>Fechar</Button>
        </DialogActions>
      </Dialog>
      <RestoreDialog revision={restoring} resource={resource} onClose={() => setRestoring(null)} />
    </Stack>
  );
}
