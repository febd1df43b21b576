/**
 * 'Agendado' / 'Agendada' asks when: a date-time in the future, typed in Brasília time
 * whatever the browser's zone (postRules.ts). Shared by the post and page forms.
 */
import { DateTimeInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { parseDateTime, scheduleError, toDateTimeLocal } from './postRules';

export function ScheduleInput({ helperText }: { helperText: string }) {
  const status = useWatch({ name: 'status' });
  if (status !== 'scheduled') return null;
  return (
    <DateTimeInput
      source="published_at"
      label="admin.fields.scheduled_for"
      format={(value: unknown) => toDateTimeLocal(parseDateTime(value))}
      validate={(value: unknown, values: Record<string, unknown>) => scheduleError(values.status, value)}
      helperText={helperText}
    />
  );
}
