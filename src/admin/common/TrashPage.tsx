/**
 * A trash screen ('Posts excluídos', 'Mídia excluída'): what was deleted lately, served
 * by a simple-REST resource (newest deletion first), each item with its own facts and a
 * restore button; refused to those who may not delete. The page says what restoring
 * does; this component runs it (one at a time), says how it went and reloads the list.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { useState, type ReactNode } from 'react';
import { useGetList, useNotify, type RaRecord } from 'react-admin';
import type { Area } from '../access';
import { AccessDenied } from './AccessDenied';
import { useActor } from './useActor';
import { useDocumentTitle } from './useDocumentTitle';
import { reasonOf } from '../errors';
import { Spinner } from '../layout/AccessGate';
import type { Actor } from '../../lib/permissions';

export interface TrashPageProps<T extends RaRecord & { deleted_at: string }> {
  /** The heading, the document's title and the list's name. */
  title: string;
  /** The simple-REST resource that lists the trash (restDataProvider.ts). */
  resource: string;
  area: Area;
  allowed: (actor: Actor | null) => boolean;
  intro: ReactNode;
  /** 'Não foi possível carregar …', followed by the reason. */
  loadError: string;
  empty: string;
  /** The list item's test id (browser tests). */
  testId: string;
  /** What the restore button's label names, per item. */
  nameOf: (item: T) => string;
  restoreLabel: string;
  /** Restores one. */
  restore: (item: T) => Promise<unknown>;
  /** What the toast says once it is restored. */
  restored: (item: T) => string;
  /** 'Não foi possível restaurar …', followed by the reason. */
  restoreError: string;
  /** After the toast (posts open the restored one). */
  afterRestore?: (item: T) => void;
  /** The item's facts, beside its button. */
  children: (item: T) => ReactNode;
  /** More buttons after the restore one; `reload` reads the list again. */
  actions?: (item: T, reload: () => void) => ReactNode;
}

export function TrashPage<T extends RaRecord & { deleted_at: string }>(props: TrashPageProps<T>) {
  useDocumentTitle(props.title);
  const { actor, isPending: loadingActor } = useActor();
  const allowed = props.allowed(actor);
  const notify = useNotify();
  const [restoring, setRestoring] = useState<string | null>(null);
  const { data, isPending, error, refetch } = useGetList<T>(
    props.resource,
    { sort: { field: 'deleted_at', order: 'DESC' }, pagination: { page: 1, perPage: 100 } },
    { enabled: allowed },
  );
  if (loadingActor) return <Spinner />;
  if (!allowed) return <AccessDenied area={props.area} />;
  const restore = async (item: T) => {
    setRestoring(String(item.id));
    try {
      await props.restore(item);
      notify(props.restored(item), { type: 'success' });
      props.afterRestore?.(item);
    } catch (failure) {
      notify(`${props.restoreError}: ${reasonOf(failure)}`, { type: 'error' });
    } finally {
      setRestoring(null);
      void refetch();
    }
  };
  return (
    <Stack sx={{ gap: 2, py: 2 }}>
      <Typography component="h1" variant="h5">
        {props.title}
      </Typography>
      <Typography color="text.secondary">{props.intro}</Typography>
      {error ? (
        <Alert severity="error">
          {props.loadError}: {reasonOf(error)}
        </Alert>
      ) : null}
      {isPending && !error ? <Spinner /> : null}
      {data && data.length === 0 ? <Typography>{props.empty}</Typography> : null}
      {data && data.length > 0 ? (
        <List
          aria-label={props.title}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0, bgcolor: 'background.paper' }}
        >
          {data.map((item, index) => (
            <ListItem
              key={item.id}
              divider={index < data.length - 1}
              sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
              data-testid={props.testId}
            >
              {props.children(item)}
              <Button
                variant="outlined"
                size="small"
                startIcon={<RestoreIcon />}
                disabled={restoring !== null}
                onClick={() => void restore(item)}
                aria-label={`${props.restoreLabel}: ${props.nameOf(item)}`}
              >
                {props.restoreLabel}
              </Button>
              {props.actions?.(item, () => void refetch())}
            </ListItem>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
