/**
 * A section's image: a Mídia record's id, chosen in the media library's dialog (the
 * one the visual editor's 'Imagem' button opens, src/admin/media/MediaPickerDialog.tsx),
 * shown as its thumbnail. Choosing an image fills the alternative-text field beside it
 * (`altName`) with the library's text when that field is still empty.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ValidationError, useGetOne, useInput, useWrappedSource } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { MEDIA_ID_PATTERN } from '../../../../shared/page-sections.js';
import { MediaPickerDialog, type MediaPick } from '../../media/MediaPickerDialog';
import { useMediaUrls, type MediaRecord } from '../../media/types';
import { sectionFieldValidator, type FieldSpec } from './sectionEditing';

const THUMB = { width: 160, height: 120 };

export function MediaImageInput({ name, field, altName }: { name: string; field: FieldSpec; altName?: string }) {
  const labelId = useId();
  const errorId = useId();
  const {
    field: { value, onChange, ref },
    fieldState,
  } = useInput({ source: name, validate: sectionFieldValidator(field.required) });
  const altSource = useWrappedSource(altName ?? name);
  const { getValues, setValue } = useFormContext();
  const { thumbUrl } = useMediaUrls();
  const [open, setOpen] = useState(false);
  const id = typeof value === 'string' ? value : '';
  const { data: record, isError } = useGetOne<MediaRecord>('media', { id }, { enabled: new RegExp(MEDIA_ID_PATTERN).test(id) });
  const error = fieldState.error?.message ? (
    <ValidationError error={fieldState.error.message} />
  ) : isError ? (
    'A imagem escolhida não está mais na Mídia.'
  ) : undefined;

  const pick = (chosen: MediaPick) => {
    onChange(chosen.id);
    const alt = altName ? getValues(altSource) : undefined;
    if (altName && chosen.alt && !(typeof alt === 'string' && alt.trim())) setValue(altSource, chosen.alt, { shouldDirty: true });
    setOpen(false);
  };

  return (
    <Box role="group" aria-labelledby={labelId} sx={{ mb: 2 }}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {field.label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {record ? (
          <Box
            component="img"
            src={thumbUrl(record)}
            alt={`Imagem escolhida: ${record.alt_text || record.original_filename || record.file}`}
            {...THUMB}
            sx={{ objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
            data-chosen-image={record.id}
          />
        ) : (
          <Box
            sx={{
              ...THUMB,
              display: 'grid',
              placeItems: 'center',
              borderRadius: 1,
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              color: 'text.secondary',
              fontSize: 14,
            }}
          >
            {id ? 'Carregando...' : 'Nenhuma imagem'}
          </Box>
        )}
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
          <Button ref={ref} onClick={() => setOpen(true)} aria-describedby={error ? errorId : undefined}>
            {id ? 'Trocar imagem' : 'Escolher imagem'}
          </Button>
          {id ? (
            <Button color="inherit" onClick={() => onChange('')}>
              Remover imagem
            </Button>
          ) : null}
        </Box>
      </Box>
      {error ? (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      ) : null}
      <MediaPickerDialog open={open} onClose={() => setOpen(false)} onPick={pick} />
    </Box>
  );
}
