/**
 * A Markdown body in a react-admin form: the visual editor (MarkdownEditor, its own
 * chunk, loaded when an edit screen first shows it) bound to the form field, with
 * the media library for images.
 */
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { ValidationError, useInput, useNotify, useTranslate, type Validator } from 'react-admin';
import { useEditorImages } from './useEditorImages';

const MarkdownEditor = lazy(() => import('./MarkdownEditor'));

export interface MarkdownInputProps {
  source: string;
  /** A translation key or text. */
  label: string;
  validate?: Validator | Validator[];
  helperText?: string;
  minHeight?: number;
}

function Loading({ label, minHeight }: { label: string; minHeight: number }) {
  return (
    <Box role="status" aria-label="Carregando o editor" sx={{ width: '100%' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Skeleton variant="rounded" height={minHeight + 48} />
    </Box>
  );
}

export function MarkdownInput({ source, label, validate, helperText, minHeight = 360 }: MarkdownInputProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { field, fieldState, id } = useInput({ source, validate });
  const images = useEditorImages();
  const text = translate(label, { _: label });
  // react-admin's validators answer in its own encoding (useInput); ValidationError reads and translates it.
  const error = fieldState.error?.message ? <ValidationError error={fieldState.error.message} /> : undefined;
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Suspense fallback={<Loading label={text} minHeight={minHeight} />}>
        <MarkdownEditor
          id={id}
          label={text}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          pickImage={images.pick}
          uploadImage={images.upload}
          onError={(message) => notify(message, { type: 'error' })}
          error={error}
          helperText={helperText}
          minHeight={minHeight}
        />
      </Suspense>
      {images.dialogs}
    </Box>
  );
}
