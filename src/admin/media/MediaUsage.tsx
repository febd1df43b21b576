/**
 * Where a media file is used (pb_hooks/lib/media/usage.js), each place a link to where
 * it is edited: 'Usado em: Post "X" (Publicado), Página "Y" (Rascunho), Configurações:
 * URL do logotipo'. Shown by the delete confirmation, the file's edit dialog and Mídia
 * excluída; read only by admins and editors (the server's rule).
 */
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { AdminLink } from '../common/AdminLink';
import { useAdminDataProvider, type MediaUse } from '../dataProvider';
import { reasonOf } from '../errors';
import { PAGE_STATUS_LABELS, type PageStatus } from '../pages/pageRules';
import { statusLabel } from '../posts/postRules';
import { TABS } from '../settings/settingsRules';

/** The places, read fresh each time a screen asks (a post saved meanwhile counts). */
function useMediaUsage(id: string) {
  const dataProvider = useAdminDataProvider();
  return useQuery({
    queryKey: ['media-usage', id],
    queryFn: async () => (await dataProvider.mediaUsage(id)).usage,
    staleTime: 0,
  });
}

/** @example usageText({ kind: 'post', id: 'p1', title: 'X', status: 'published' }) // 'Post "X" (Publicado)' */
function usageText(use: MediaUse): string {
  if (use.kind === 'setting') {
    const label = TABS.flatMap((tab) => tab.fields).find((field) => field.key === use.key)?.label ?? use.key;
    return `Configurações: ${label}`;
  }
  if (use.kind === 'post') return `Post "${use.title}" (${statusLabel(use.status)})`;
  if (use.kind === 'partner') return `Parceiro "${use.title}" (logotipo)`;
  if (use.kind === 'product') return `Produto "${use.title}" (imagens)`;
  if (use.kind === 'line') return `Linha "${use.title}" (imagem)`;
  return `Página "${use.title}" (${PAGE_STATUS_LABELS[use.status as PageStatus] ?? use.status})`;
}

const pathOf = (use: MediaUse) => (use.kind === 'setting' ? '/settings' : `/${use.kind}s/${use.id}`);

/** The list of places, or that there is none. */
export function MediaUsageList({ usage }: { usage: readonly MediaUse[] }) {
  const headingId = useId();
  if (usage.length === 0) {
    return <Typography variant="body2">Não é usado em nenhum post, página ou configuração.</Typography>;
  }
  return (
    <>
      <Typography id={headingId} variant="body2" sx={{ fontWeight: 600 }}>
        Usado em:
      </Typography>
      <Typography component="ul" variant="body2" aria-labelledby={headingId} sx={{ m: 0, pl: 3 }}>
        {usage.map((use) => (
          <li key={`${use.kind}-${use.id}`}>
            <Link component={AdminLink} to={pathOf(use)}>
              {usageText(use)}
            </Link>
          </li>
        ))}
      </Typography>
    </>
  );
}

/** The places of one file, once loaded (or why they are not known). */
function LoadedUsage({ usage }: { usage: ReturnType<typeof useMediaUsage> }) {
  if (usage.error) {
    return (
      <Typography variant="body2" color="error">
        Não foi possível verificar onde o arquivo é usado: {reasonOf(usage.error)}
      </Typography>
    );
  }
  if (usage.isPending) return <Typography variant="body2">Verificando onde o arquivo é usado...</Typography>;
  return <MediaUsageList usage={usage.data} />;
}

/** 'Onde é usado', for the file's edit dialog. */
export function MediaUsageSection({ id }: { id: string }) {
  const headingId = useId();
  const usage = useMediaUsage(id);
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        Onde é usado
      </Typography>
      <LoadedUsage usage={usage} />
    </section>
  );
}

/**
 * The delete confirmation: the question, where the file is used and what
 * happens next (pb_hooks/lib/media/deleted-media.js: the trash keeps serving the file, and a
 * file in use is never deleted for good).
 */
export function MediaDeleteConfirmation({ id }: { id: string }) {
  const usage = useMediaUsage(id);
  return (
    <Stack sx={{ gap: 1.5 }}>
      <DialogContentText>Tem certeza que deseja excluir este arquivo?</DialogContentText>
      <LoadedUsage usage={usage} />
      <Typography variant="body2">O arquivo vai para Mídia excluída, de onde pode ser restaurado por 30 dias.</Typography>
      {usage.data?.length ? (
        <Alert severity="warning">
          Enquanto for usado nesses lugares, o arquivo continua aparecendo neles e não é excluído definitivamente. Troque-o ou
          remova-o de lá para que deixe de aparecer.
        </Alert>
      ) : null}
    </Stack>
  );
}
