import { useEffect, useMemo } from 'react';

/**
 * A blob: URL for a chosen file's preview, revoked when the file changes or the
 * component goes (the admin does not run in StrictMode, whose extra effect pass
 * would revoke it while still shown).
 */
export function useObjectUrl(file: Blob | null | undefined): string | undefined {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
