import { useFieldValue, type FieldProps } from 'react-admin';
import { formatDateTime, formatShortDate } from '../../lib/format';

/**
 * A record's date in the admin's one pt-BR form (src/lib/format.ts). react-admin's
 * DateField formats with Intl on its own, which would be a second way to show a date.
 */
export function DateTimeField({ showTime = true, emptyText = '', ...props }: FieldProps & { showTime?: boolean }) {
  const value: unknown = useFieldValue(props);
  const text = showTime ? formatDateTime(value) : formatShortDate(value);
  return <span>{text || emptyText}</span>;
}
