/**
 * Two versions side by side in one column: each compared field (title, excerpt,
 * content…) with its added words marked green and underlined and its removed words
 * red and struck through (<ins>/<del>, announced to screen readers), long unchanged
 * runs folded. Readable on a phone: the text wraps, nothing scrolls sideways.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useGetMany } from 'react-admin';
import { formatNumber } from '../../lib/format';
import { visuallyHidden } from '../common/visuallyHidden';
import { COMPARED, menuPageIds, type VersionedResource } from './versionFields';
import { foldUnchanged, hasChanges, wordDiff, type FoldedPart } from './wordDiff';

const ADDED = { backgroundColor: '#d3f5dc', color: '#0b3d1e', textDecoration: 'underline' };
const REMOVED = { backgroundColor: '#fde2e1', color: '#6b0d0d', textDecoration: 'line-through' };

const markSx = {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: 14,
  lineHeight: 1.6,
  '& ins': { ...ADDED, borderRadius: '2px' },
  '& del': { ...REMOVED, borderRadius: '2px' },
  // Screen readers do not announce <ins>/<del> by themselves.
  '& ins::before': { content: '"[adicionado: "', ...visuallyHidden },
  '& ins::after': { content: '"]"', ...visuallyHidden },
  '& del::before': { content: '"[removido: "', ...visuallyHidden },
  '& del::after': { content: '"]"', ...visuallyHidden },
} as const;

function Folded({ part }: { part: FoldedPart & { hidden: NonNullable<FoldedPart['hidden']> } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {part.text}
      {open ? (
        part.hidden.middle
      ) : (
        <Button
          size="small"
          variant="text"
          onClick={() => setOpen(true)}
          sx={{ mx: 0.5, py: 0, minWidth: 0, verticalAlign: 'baseline' }}
        >
          … mostrar {formatNumber(part.hidden.words)} palavras sem mudança …
        </Button>
      )}
      {part.hidden.tail}
    </>
  );
}

function FieldDiff({ label, before, after }: { label: string; before: string; after: string }) {
  const parts = useMemo(() => foldUnchanged(wordDiff(before, after)), [before, after]);
  const changed = hasChanges(parts);
  return (
    <Box component="section" aria-label={label}>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        {label}
        {changed ? null : (
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            — sem mudanças
          </Typography>
        )}
      </Typography>
      {changed || before ? (
        <Box sx={{ ...markSx, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
          {parts.map((part, index) =>
            part.kind === 'added' ? (
              <ins key={index}>{part.text}</ins>
            ) : part.kind === 'removed' ? (
              <del key={index}>{part.text}</del>
            ) : part.hidden ? (
              <Folded key={index} part={{ ...part, hidden: part.hidden }} />
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * The differences from `before` to `after`.
 * @param labels what the two versions are, for the legend ('Comparando {before} com {after}')
 */
export function VersionDiff({
  resource,
  before,
  after,
  labels,
}: {
  resource: VersionedResource;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  labels: { before: string; after: string };
}) {
  // A menu's links name their pages, not their ids.
  const pageIds = resource === 'menus' ? [...new Set([...menuPageIds(before), ...menuPageIds(after)])] : [];
  const { data: pages } = useGetMany('pages', { ids: pageIds }, { enabled: pageIds.length > 0 });
  const context = { pageNames: Object.fromEntries((pages ?? []).map((page) => [String(page.id), String(page.name)])) };
  return (
    <Stack sx={{ gap: 2 }} data-testid="version-diff">
      <Typography variant="body2" color="text.secondary">
        Comparando {labels.before} com {labels.after}:{' '}
        <Box component="span" sx={{ ...ADDED, px: 0.5 }}>
          texto adicionado
        </Box>{' '}
        ·{' '}
        <Box component="span" sx={{ ...REMOVED, px: 0.5 }}>
          texto removido
        </Box>
      </Typography>
      {COMPARED[resource].map((field) => (
        <FieldDiff key={field.name} label={field.label} before={field.text(before, context)} after={field.text(after, context)} />
      ))}
    </Stack>
  );
}
