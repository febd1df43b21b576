/**
 * The edit view of a post, page, menu, testimonial or FAQ entry, with what keeps a save
 * from destroying another:
 * each save sends the `updated` value the editor loaded; when someone saved in between
 * the server answers 409 and a dialog says who and when ('Este post foi alterado por
 * {nome} às {hora}.') with 'Ver diferenças', 'Sobrescrever' and 'Cancelar' (the typed
 * text stays in the form). A successful save removes the local copy of unsaved changes
 * and stays on the screen, as in Ghost and WordPress: the form's toolbar then says where
 * the change stands on the site (src/admin/common/PublicationStatus.tsx). A menu or piece,
 * edited from its list, goes back to the list (`backToList`).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  EditBase,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
  useSaveContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatTime } from '../../lib/format';
import { useActor } from '../common/useActor';
import { collectionOf } from '../resources';
import { usePhone } from '../common/usePhone';
import { clearLocalCopy, localCopyKey } from './localCopy';
import type { Revision } from './RevisionHistory';
import { VersionDiff } from './VersionDiff';
import { THIS_RECORD, type VersionedResource } from './versionFields';

type Transform = (values: Record<string, unknown>, options?: { previousData?: RaRecord }) => Record<string, unknown>;

function ConflictDialog({
  resource,
  mine,
  overrideRef,
  onClose,
}: {
  resource: VersionedResource;
  /** The values of the refused save; null while there is no conflict. */
  mine: Record<string, unknown> | null;
  overrideRef: RefObject<string | null>;
  onClose: () => void;
}) {
  const open = mine !== null;
  const record = useRecordContext();
  const { save } = useSaveContext();
  const phone = usePhone();
  const [showDiff, setShowDiff] = useState(false);
  const dataProvider = useDataProvider();
  // Its own query, not react-admin's cache of the record: refreshing that would reset
  // the form and lose what the editor typed.
  const conflict = useQuery({
    queryKey: ['versioned-edit-conflict', resource, record?.id, mine],
    enabled: open && Boolean(record?.id),
    gcTime: 0,
    queryFn: async () => {
      const [current, latest] = await Promise.all([
        dataProvider.getOne(resource, { id: record!.id }),
        dataProvider.getList<Revision>('revisions', {
          filter: { collection: collectionOf(resource), record: record!.id },
          sort: { field: 'created', order: 'DESC' },
          pagination: { page: 1, perPage: 1 },
        }),
      ]);
      return { current: current.data, who: latest.data[0]?.editor_name };
    },
  });
  const current = { data: conflict.data?.current };
  const who = conflict.data?.who || 'outra pessoa';
  const at = formatTime(current.data?.updated);
  const { this: subject, changed } = THIS_RECORD[resource];
  const close = () => {
    setShowDiff(false);
    onClose();
  };
  const overwrite = () => {
    if (!current.data || !mine || !save) return;
    overrideRef.current = String(current.data.updated);
    close();
    void save(mine);
  };
  return (
    <Dialog open={open} onClose={close} fullScreen={phone && showDiff} fullWidth maxWidth="lg" aria-labelledby="conflito-titulo">
      <DialogTitle id="conflito-titulo">Alterações feitas por outra pessoa</DialogTitle>
      <DialogContent>
        <DialogContentText role="alert">
          {current.data
            ? `${subject} foi ${changed} por ${who}${at ? ` às ${at}` : ''}.`
            : `${subject} foi ${changed} por outra pessoa.`}{' '}
          Salvar agora substituiria essas alterações pelas suas.
        </DialogContentText>
        {showDiff && current.data && mine ? (
          <VersionDiff
            resource={resource}
            before={current.data}
            after={mine}
            labels={{ before: 'a versão salva', after: 'as suas alterações' }}
          />
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => setShowDiff(!showDiff)} disabled={!current.data}>
          {showDiff ? 'Ocultar diferenças' : 'Ver diferenças'}
        </Button>
        <Button color="warning" variant="contained" onClick={overwrite} disabled={!current.data}>
          Sobrescrever
        </Button>
        <Button onClick={close}>Cancelar</Button>
      </DialogActions>
    </Dialog>
  );
}

export function VersionedEdit({
  resource,
  transform,
  backToList = false,
  children,
}: {
  resource: VersionedResource;
  transform: Transform;
  /** After a save, back to the list it was opened from. */
  backToList?: boolean;
  children: ReactNode;
}) {
  const notify = useNotify();
  const redirect = useRedirect();
  const { actor } = useActor();
  const translate = useTranslate();
  /** The values of a save the server refused as stale (409), while the dialog is open. */
  const [conflict, setConflict] = useState<Record<string, unknown> | null>(null);
  /** The values of the last save, for the diff and 'Sobrescrever'. */
  const mineRef = useRef<Record<string, unknown> | null>(null);
  /** The server's `updated` the next save is based on, after 'Sobrescrever'. */
  const overrideRef = useRef<string | null>(null);
  return (
    <EditBase
      mutationMode="pessimistic"
      transform={(values: Record<string, unknown>, options?: { previousData?: RaRecord }) => {
        mineRef.current = values;
        const updated = overrideRef.current ?? values.updated;
        overrideRef.current = null;
        return transform({ ...values, updated }, options);
      }}
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          clearLocalCopy(localCopyKey(actor?.id, resource, data.id));
          // react-admin's own success message (resources.{resource}.notifications.updated).
          notify(`resources.${resource}.notifications.updated`, {
            type: 'info',
            messageArgs: { smart_count: 1, _: translate('ra.notification.updated', { smart_count: 1 }) },
          });
          if (backToList) redirect('list', resource);
        },
        onError: (error: unknown) => {
          const failure = error as { status?: number; message?: string; body?: { errors?: Record<string, unknown> } };
          if (failure.status === 409) return setConflict(mineRef.current ?? {});
          // Field errors show on their inputs (react-admin's own rule); anything else as a toast.
          if (Object.keys(failure.body?.errors ?? {}).length === 0)
            notify(failure.message || 'ra.notification.http_error', { type: 'error' });
        },
      }}
    >
      {children}
      <ConflictDialog resource={resource} mine={conflict} overrideRef={overrideRef} onClose={() => setConflict(null)} />
    </EditBase>
  );
}
