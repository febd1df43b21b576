import type { FormStatus } from './usePublicForm';

/** A field's pt-BR message, under it; the field points at it with aria-describedby. */
export function FieldError({ id, message, tone = 'light' }: { id: string; message?: string; tone?: 'dark' | 'light' }) {
  if (!message) return null;
  return (
    <p id={id} className={`mt-1 text-sm ${tone === 'dark' ? 'text-red-200' : 'text-red-700'}`}>
      {message}
    </p>
  );
}

/**
 * The form's message after a failed sending, announced by screen readers; after a lost
 * connection it offers to send again (everything typed is still in the form).
 */
export function FormAlert({
  id,
  status,
  onRetry,
  tone = 'light',
}: {
  id: string;
  status: FormStatus;
  onRetry: () => void;
  tone?: 'dark' | 'light';
}) {
  const dark = tone === 'dark';
  return (
    <div role="alert" id={id} className="empty:hidden sm:basis-full">
      {status.kind === 'failed' && (
        <div
          className={
            dark
              ? 'rounded-lg bg-red-950/40 px-3 py-2 text-sm text-red-100'
              : 'rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800'
          }
        >
          <p>{status.message}</p>
          {status.retry && (
            <button
              type="button"
              onClick={onRetry}
              className={`mt-2 rounded-md px-3 py-1.5 font-semibold underline ${dark ? 'text-white' : 'text-red-900 hover:bg-red-100'}`}
            >
              Tentar novamente
            </button>
          )}
        </div>
      )}
    </div>
  );
}
