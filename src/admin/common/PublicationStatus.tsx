/**
 * Where the record on screen stands on the public site, beside 'Salvar': 'Salvo às
 * 10:02', then 'Publicando…', then 'No ar desde 10:03' once the live build holds the
 * last save (src/admin/dashboard/publication.ts), or that the publication failed.
 * 'Ver no site' waits for that build: before it, the address shows the version before.
 * Those who may not publish may not read builds either: they see when it was saved.
 */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as AdminLink, useGetList, useRecordContext } from 'react-admin';
import { can } from '../../lib/permissions';
import { brasiliaDay, formatDateTime, formatTime, toDate } from '../../lib/format';
import { changeState, type ChangeState, type SiteBuild } from '../dashboard/publication';
import { SiteLink } from './SiteLink';
import { useActor } from './useActor';

/** The newest builds are enough: a change is held by the live build or one after it. */
const NEWEST = { sort: { field: 'created', order: 'DESC' as const }, pagination: { page: 1, perPage: 5 } };

/** Where the last save of the record on screen stands; null when the site does not show it or builds are not ours to read. */
function useChangeState(path: string | null): ChangeState | null {
  const record = useRecordContext();
  const { actor } = useActor();
  const saved = String(record?.updated ?? '');
  const enabled = Boolean(path && saved) && can(actor, 'publish');
  const builds = useGetList<SiteBuild>('site-builds', NEWEST, {
    enabled,
    // Every few seconds until the change is live; a live one stays live.
    refetchInterval: (query) => (changeState(saved, query.state.data?.data ?? []).state === 'live' ? false : 3_000),
  });
  if (!enabled || !builds.data) return null;
  return changeState(saved, builds.data);
}

function savedAt(value: unknown): string {
  const date = toDate(value);
  if (!date) return '';
  const today = brasiliaDay(date).getTime() === brasiliaDay(new Date()).getTime();
  return today ? `Salvo às ${formatTime(date)}` : `Salvo em ${formatDateTime(date)}`;
}

export function PublicationStatus({ path }: { path: string | null }) {
  const record = useRecordContext();
  const change = useChangeState(path);
  if (!record) return null;
  const saved = savedAt(record.updated);
  return (
    <Typography role="status" variant="body2" color="text.secondary" data-publication={change?.state ?? 'saved'}>
      {change?.state === 'live' ? (
        `No ar desde ${formatTime(change.at)}`
      ) : change?.state === 'publishing' ? (
        `${saved} · Publicando…`
      ) : change?.state === 'waiting' ? (
        `${saved} · Aguardando a publicação…`
      ) : change?.state === 'failed' ? (
        <>
          {saved} · A publicação falhou; o site segue com a versão anterior.{' '}
          <Link component={AdminLink} to="/">
            Ver a publicação no painel
          </Link>
        </>
      ) : (
        saved
      )}
    </Typography>
  );
}

/** 'Ver no site', once the site shows the last save. */
export function LiveSiteLink({ path, title }: { path: string; title: string }) {
  const change = useChangeState(path);
  if (change && change.state !== 'live')
    return (
      <Typography component="span" variant="body2" color="text.secondary" data-site-link="waiting">
        Ver no site (após a publicação)
      </Typography>
    );
  return <SiteLink path={path} title={title} />;
}
