/**
 * The admin's toasts: up to three at once, stacked at the bottom (never over the
 * header), each with the theme's surface and gone after 4 s unless it asks for longer.
 * react-admin's own <Notification> shows one toast at a time, so a burst (a bulk
 * action, a failing save retried) queued for tens of seconds; this reads the same
 * notification queue (useNotificationContext) and honours the same options
 * (type, messageArgs, autoHideDuration, undoable).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Slide from '@mui/material/Slide';
import Stack from '@mui/material/Stack';
import { isValidElement, useCallback, useEffect, useRef, useState } from 'react';
import {
  CloseNotificationContext,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';

const MAX_VISIBLE = 3;
const DEFAULT_DURATION_MS = 4000;

interface Shown {
  key: number;
  payload: NotificationPayload;
}

function ToastItem({ item, onDone }: { item: Shown; onDone: (key: number, undo: boolean) => void }) {
  const translate = useTranslate();
  const { message, type = 'info', notificationOptions = {} } = item.payload;
  const { autoHideDuration, messageArgs, undoable } = notificationOptions;
  const [open, setOpen] = useState(true);
  const undone = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  // `null` keeps the toast until it is closed, as react-admin's own option does.
  const duration = autoHideDuration === undefined ? DEFAULT_DURATION_MS : autoHideDuration;

  useEffect(() => {
    if (!open || duration == null) return;
    const timer = window.setTimeout(close, duration);
    return () => window.clearTimeout(timer);
  }, [open, duration, close]);

  const content = isValidElement(message) ? (
    message
  ) : (
    <Alert
      data-toast
      variant="filled"
      severity={type === 'warning' || type === 'error' || type === 'success' ? type : 'info'}
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      onClose={close}
      slotProps={{ closeButton: { title: 'Fechar' } }}
      action={
        undoable ? (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              undone.current = true;
              close();
            }}
          >
            {translate('ra.action.undo')}
          </Button>
        ) : undefined
      }
      sx={{ boxShadow: 6, maxWidth: 560, alignItems: 'center' }}
    >
      {typeof message === 'string' ? translate(message, messageArgs) : null}
    </Alert>
  );

  return (
    <CloseNotificationContext.Provider value={close}>
      <Slide direction="up" in={open} appear onExited={() => onDone(item.key, undone.current)}>
        <div>{content}</div>
      </Slide>
    </CloseNotificationContext.Provider>
  );
}

export function StackedNotifications() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const [shown, setShown] = useState<Shown[]>([]);
  const nextKey = useRef(0);

  useEffect(() => {
    if (!notifications.length || shown.length >= MAX_VISIBLE) return;
    const payload = takeNotification();
    if (payload) setShown((items) => [...items, { key: nextKey.current++, payload }]);
  }, [notifications, shown, takeNotification]);

  // An undoable change waits for its toast: leaving the page first would lose it.
  const pendingUndo = shown.some((item) => item.payload.notificationOptions?.undoable);
  useEffect(() => {
    if (!pendingUndo) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pendingUndo]);

  const done = useCallback(
    (key: number, undo: boolean) => {
      const item = shown.find((candidate) => candidate.key === key);
      // The change waited for its toast: run it, or drop it on 'Desfazer'.
      if (item?.payload.notificationOptions?.undoable) takeMutation()?.({ isUndo: undo });
      setShown((items) => items.filter((candidate) => candidate.key !== key));
    },
    [shown, takeMutation],
  );

  if (!shown.length) return null;
  return (
    <Stack
      data-toasts
      spacing={1}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        bottom: 16,
        left: { xs: 8, sm: '50%' },
        right: { xs: 8, sm: 'auto' },
        transform: { sm: 'translateX(-50%)' },
        alignItems: { sm: 'center' },
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      {shown.map((item) => (
        <ToastItem key={item.key} item={item} onDone={done} />
      ))}
    </Stack>
  );
}
