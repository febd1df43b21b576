/**
 * Backups (admin only): the server's backup files with size and date, 'Criar
 * backup', delete, and restore after a confirmation that says what it does. The
 * list, create, delete and restore go through the data provider (the `backups`
 * resource of restDataProvider.ts). No download: a backup holds the system's keys,
 * so only operators fetch it (PocketBase's dashboard or the server's disk); the
 * server refuses staff (pb_hooks/backups.pb.js). A restore replaces all data and
 * restarts the server; this page then waits for the new process and reloads.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import BackupIcon from '@mui/icons-material/Backup';
import DeleteIcon from '@mui/icons-material/Delete';
import RefreshIcon from '@mui/icons-material/Refresh';
import RestoreIcon from '@mui/icons-material/Restore';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useCreate, useDelete, useGetList, useNotify, useUpdate } from 'react-admin';
import { canAccessArea } from '../access';
import { AccessDenied } from '../common/AccessDenied';
import { useActor } from '../common/useActor';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useAdminDataProvider } from '../dataProvider';
import { reasonOf } from '../errors';
import { Spinner } from '../layout/AccessGate';
import { formatBytes, formatDateTime } from '../../lib/format';
import { replicaSummary, waitForRestart, type BackupItem } from './api';

/** Every backup, newest first (the server's largest page: a folder holds far fewer). */
const LIST_PARAMS = { sort: { field: 'modified', order: 'DESC' as const }, pagination: { page: 1, perPage: 1000 } };

/** Table cells shown from the tablet breakpoint up (on a phone their facts go under the name). */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } };

/** The confirmation before a destructive action on one backup: Cancelar (focused) or the action. */
function ConfirmDialog({
  backup,
  id,
  title,
  action,
  onCancel,
  onConfirm,
  children,
}: {
  backup: BackupItem | null;
  /** Prefix of the title's and text's ids (aria). */
  id: string;
  title: string;
  action: string;
  onCancel: () => void;
  onConfirm: (backup: BackupItem) => void;
  children: (backup: BackupItem) => ReactNode;
}) {
  return (
    <Dialog open={backup !== null} onClose={onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {backup ? <DialogContent id={`${id}-text`}>{children(backup)}</DialogContent> : null}
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancelar
        </Button>
        <Button color="error" variant="contained" onClick={() => backup && onConfirm(backup)}>
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type BackupAction = { backup: BackupItem | null; onCancel: () => void; onConfirm: (backup: BackupItem) => void };

function RestoreDialog(props: BackupAction) {
  return (
    <ConfirmDialog {...props} id="restore" title="Restaurar backup?" action="Restaurar">
      {(backup) => (
        <>
          <DialogContentText gutterBottom>
            Restaurar <strong>{backup.name}</strong> substitui <strong>todos</strong> os dados atuais do site (usuários, posts,
            páginas, mídia, configurações, mensagens, inscritos e logs de auditoria) pelos dados deste backup. Tudo o que foi
            criado ou alterado depois de {formatDateTime(backup.modified, { seconds: true })} será perdido.
          </DialogContentText>
          <DialogContentText gutterBottom>
            O servidor será reiniciado: o site e o painel ficam indisponíveis por alguns instantes e quem estiver conectado pode
            precisar entrar novamente.
          </DialogContentText>
          <Alert severity="warning">Recomendação: crie um backup dos dados atuais antes de restaurar.</Alert>
        </>
      )}
    </ConfirmDialog>
  );
}

function DeleteDialog(props: BackupAction) {
  return (
    <ConfirmDialog {...props} id="delete" title="Excluir backup?" action="Excluir">
      {(backup) => (
        <DialogContentText>
          O arquivo <strong>{backup.name}</strong> será apagado do servidor e não poderá mais ser baixado nem restaurado. Esta
          ação não pode ser desfeita.
        </DialogContentText>
      )}
    </ConfirmDialog>
  );
}

function RestoringDialog({ name }: { name: string | null }) {
  return (
    <Dialog open={name !== null} aria-labelledby="restoring-title">
      <DialogTitle id="restoring-title">Restaurando backup...</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress aria-hidden="true" />
          <Typography>
            Restaurando {name}. O servidor está reiniciando; esta página será recarregada automaticamente quando ele voltar.
          </Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The database's continuous replica (server/replication/): on, up to date, late or
 * failing, read every 10 s. A note, not a live region: its time moves with each read.
 */
function ReplicaStatus() {
  const dataProvider = useAdminDataProvider();
  const status = useQuery({
    queryKey: ['backups', 'status'],
    queryFn: async () => (await dataProvider.backupStatus('backups')).data,
    refetchInterval: 10_000,
  });
  if (status.isPending) return null;
  if (status.isError) {
    return (
      <Alert severity="error" role="note" sx={{ mb: 2 }}>
        Erro ao ler o estado da réplica contínua: {reasonOf(status.error)}
      </Alert>
    );
  }
  const { severity, text } = replicaSummary(status.data.replication);
  return (
    <Alert severity={severity} role="note" sx={{ mb: 2 }} data-testid="replica-status">
      {text}
    </Alert>
  );
}

function BackupsView() {
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const [confirming, setConfirming] = useState<BackupItem | null>(null);
  const [deleting, setDeleting] = useState<BackupItem | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);

  const backups = useGetList<BackupItem>('backups', LIST_PARAMS);
  const [create, { isPending: isCreating }] = useCreate<BackupItem>();
  const [remove, { isPending: isRemoving }] = useDelete<BackupItem>();
  // Restoring is the one update of a backup (pb_hooks/backups.pb.js).
  const [update] = useUpdate<BackupItem & { restore?: true }>();

  const createBackup = () =>
    create(
      'backups',
      { data: {} },
      {
        onSuccess: (item) => notify(`Backup ${item.name} criado com sucesso!`, { type: 'success' }),
        onError: (error) => notify(`Erro ao criar backup: ${reasonOf(error)}`, { type: 'error' }),
      },
    );

  const deleteBackup = (backup: BackupItem) => {
    setDeleting(null);
    remove(
      'backups',
      { id: backup.id, previousData: backup },
      {
        onSuccess: () => notify(`Backup ${backup.name} excluído.`, { type: 'success' }),
        onError: (error) => notify(`Erro ao excluir backup: ${reasonOf(error)}`, { type: 'error' }),
      },
    );
  };

  const status = async () => (await dataProvider.backupStatus('backups')).data;

  const restore = async (backup: BackupItem) => {
    setConfirming(null);
    setRestoring(backup.name);
    try {
      const { bootId } = await status();
      await update('backups', { id: backup.id, data: { restore: true }, previousData: backup }, { returnPromise: true });
      const outcome = await waitForRestart(status, bootId);
      if (outcome.kind === 'restarted') {
        window.location.reload();
        return;
      }
      setRestoring(null);
      notify(
        outcome.kind === 'failed'
          ? `Erro ao restaurar backup: ${outcome.message}`
          : 'O servidor não respondeu a tempo após a restauração. Recarregue a página em alguns instantes.',
        { type: 'error' },
      );
    } catch (error) {
      setRestoring(null);
      notify(`Erro ao restaurar backup: ${reasonOf(error)}`, { type: 'error' });
    }
  };

  const items = backups.data ?? [];

  return (
    <Card>
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }} gutterBottom>
          Backups
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Cópias completas dos dados do site (banco de dados e arquivos enviados), guardadas no servidor.
        </Typography>
        <ReplicaStatus />
        <Alert severity="info" sx={{ mb: 2 }}>
          Backups não são baixados pelo painel: eles contêm as chaves e senhas do sistema. Quem opera o servidor baixa pelo
          dashboard do PocketBase (<code>/_/</code>) ou copia de <code>pb_data/backups</code> no disco do servidor.
        </Alert>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<BackupIcon />} onClick={createBackup} disabled={isCreating}>
            {isCreating ? 'Criando backup...' : 'Criar backup'}
          </Button>
          <Button startIcon={<RefreshIcon />} onClick={() => void backups.refetch()} disabled={backups.isFetching}>
            Atualizar
          </Button>
        </Stack>
        {backups.isPending ? (
          <Spinner label="Carregando backups..." />
        ) : backups.isError ? (
          <Alert severity="error">Erro ao carregar backups: {reasonOf(backups.error)}</Alert>
        ) : items.length === 0 ? (
          <Typography color="text.secondary">Nenhum backup encontrado. Crie o primeiro backup.</Typography>
        ) : (
          // On a phone the size and date go under the name and the actions stack, so a row fits the screen.
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Backups">
              <TableHead>
                <TableRow>
                  <TableCell>Nome</TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    Tamanho
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>Data</TableCell>
                  <TableCell>Ações</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((item) => (
                  <TableRow key={item.id} data-backup={item.name}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <code>{item.name}</code>
                      <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                        {formatBytes(item.size)} · {formatDateTime(item.modified, { seconds: true })}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {formatBytes(item.size)}
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{formatDateTime(item.modified, { seconds: true })}</TableCell>
                    <TableCell>
                      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
                        <Button
                          size="small"
                          color="error"
                          startIcon={<RestoreIcon />}
                          onClick={() => setConfirming(item)}
                          aria-label={`Restaurar ${item.name}`}
                        >
                          Restaurar
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          startIcon={<DeleteIcon />}
                          onClick={() => setDeleting(item)}
                          disabled={isRemoving}
                          aria-label={`Excluir ${item.name}`}
                        >
                          Excluir
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
      <RestoreDialog backup={confirming} onCancel={() => setConfirming(null)} onConfirm={(backup) => void restore(backup)} />
      <DeleteDialog backup={deleting} onCancel={() => setDeleting(null)} onConfirm={deleteBackup} />
      <RestoringDialog name={restoring} />
    </Card>
  );
}

export default function BackupsPage() {
  useDocumentTitle('Backups');
  const { actor, isPending } = useActor();
  if (isPending) return <Spinner />;
  if (!canAccessArea(actor, 'backups', 'list')) return <AccessDenied area="backups" />;
  return (
    <>
      <BackupsView />
    </>
  );
}
