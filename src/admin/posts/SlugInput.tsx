/**
 * The slug field (posts from the title, pages from the name): filled from its
 * source as the user types, until the user edits it by hand; always editable and
 * checked against the server's pattern. Left empty, the server derives one.
 */
import { useEffect, useRef } from 'react';
import { TextInput, maxLength } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { followSlug, validateSlug } from './postRules';

export function SlugInput({
  from,
  follow,
  max,
  helperText = 'Gerado automaticamente; pode ser editado.',
}: {
  /** The field the slug is derived from. */
  from: string;
  /** Whether the slug starts out following its source (new records). */
  follow: boolean;
  max: number;
  helperText?: string;
}) {
  const { getValues, setValue } = useFormContext();
  const source = useWatch({ name: from }) as string | undefined;
  const lastAuto = useRef<string | null>(follow ? String(getValues('slug') ?? '') : null);

  useEffect(() => {
    const current = String(getValues('slug') ?? '');
    const next = followSlug(current, lastAuto.current, source ?? '');
    lastAuto.current = next;
    if (next !== null && next !== current) setValue('slug', next, { shouldDirty: true, shouldValidate: next !== '' });
  }, [source, getValues, setValue]);

  return (
    <TextInput
      source="slug"
      validate={[validateSlug, maxLength(max)]}
      helperText={helperText}
      fullWidth
      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
    />
  );
}
