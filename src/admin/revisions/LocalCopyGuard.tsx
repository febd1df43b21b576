/**
 * Autosave to this browser only: while the form has unsaved changes, a copy is kept
 * every few seconds (src/admin/revisions/localCopy.ts). Opening the record later with
 * a copy that differs offers 'Recuperar alterações não salvas' (with the differences)
 * or discarding it. Nothing is sent to the server until the editor saves.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { formatDateTime } from '../../lib/format';
import { useActor } from '../common/useActor';
import {
  differsFrom,
  keptValues,
  localCopyKey,
  readLocalCopy,
  writeLocalCopy,
  clearLocalCopy,
  type LocalCopy,
} from './localCopy';
import { VersionDiff } from './VersionDiff';
import { EDITED, THIS_RECORD, type VersionedResource } from './versionFields';

/** How often unsaved changes are copied. */
const EVERY_MS = 3000;

export function LocalCopyGuard({ resource }: { resource: VersionedResource }) {
  const record = useRecordContext();
  const { actor } = useActor();
  const key = localCopyKey(actor?.id, resource, record?.id);
  const { getValues, setValue } = useFormContext();
  const { isDirty } = useFormState();
  const [offer, setOffer] = useState<LocalCopy | null>(() => {
    const copy = readLocalCopy(key);
    return copy && differsFrom(copy.values, record ?? {}) ? copy : null;
  });
  const [showDiff, setShowDiff] = useState(false);
  const written = useRef('');

  useEffect(() => {
    // The copy on offer is kept until the editor decides; an untouched form has nothing to keep.
    if (offer || !isDirty) return;
    const timer = setInterval(() => {
      const values = keptValues(getValues(), EDITED[resource]);
      const text = JSON.stringify(values);
      if (text === written.current) return;
      written.current = text;
      writeLocalCopy(key, values);
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [offer, isDirty, key, resource, getValues]);

  if (!offer) return null;
  const recover = () => {
    for (const [name, value] of Object.entries(offer.values)) setValue(name, value, { shouldDirty: true });
    setOffer(null);
  };
  const discard = () => {
    clearLocalCopy(key);
    setOffer(null);
  };
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Alert severity="warning" role="status" data-testid="local-copy">
        {/* The copy keeps its time as Date.now(); the formatter reads dates, not numbers. */}
        Há alterações não salvas {THIS_RECORD[resource].of}, de {formatDateTime(new Date(offer.at))}, guardadas neste navegador.
        <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" size="small" onClick={recover}>
            Recuperar alterações não salvas
          </Button>
          <Button size="small" onClick={() => setShowDiff(!showDiff)}>
            {showDiff ? 'Ocultar diferenças' : 'Ver diferenças'}
          </Button>
          <Button size="small" color="inherit" onClick={discard}>
            Descartar
          </Button>
        </Stack>
      </Alert>
      {showDiff ? (
        <Box sx={{ mt: 1 }}>
          <VersionDiff
            resource={resource}
            before={record ?? {}}
            after={{ ...(record ?? {}), ...offer.values }}
            labels={{ before: 'a versão salva', after: 'as alterações não salvas' }}
          />
        </Box>
      ) : null}
    </Box>
  );
}
