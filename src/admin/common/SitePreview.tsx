/**
 * 'Pré-visualizar' for the editors of posts and pages: a button opening a dialog (full
 * screen on a phone) with the record as the site will publish it, in a frame that loads
 * the site's own stylesheet (src/styles/global.css: its reset, tokens and
 * `.prose-article` rules). The frame keeps the site's CSS away from the admin's and is
 * sandboxed without scripts, a second barrier behind the Markdown pipeline's
 * sanitizing step (the bodies come from usePreview).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFormContext } from 'react-hook-form';
import siteStylesUrl from '../../styles/global.css?url';
import { usePhone } from './usePhone';
import type { Preview } from './usePreview';

const FRAME_DOCUMENT = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><link rel="stylesheet" href="${siteStylesUrl}"></head><body></body></html>`;

/** The site's look around `children`, rendered into the frame's own document. */
export function SitePreviewFrame({ title, height, children }: { title: string; height?: number | string; children: ReactNode }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);

  // The frame starts on an empty about:blank document; render once ours has loaded.
  const attach = () => {
    const document = frame.current?.contentDocument;
    if (document?.URL === 'about:srcdoc') setBody(document.body);
  };

  return (
    <Box
      component="iframe"
      ref={frame}
      title={title}
      srcDoc={FRAME_DOCUMENT}
      // No scripts in the frame; same origin only so the editor can render into it.
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      onLoad={attach}
      sx={{ width: '100%', height: height ?? 560, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
    >
      {body && createPortal(children, body)}
    </Box>
  );
}

/**
 * A body as the site's Markdown pipeline rendered and sanitized it on the server
 * (usePreview), after the reason it could not be, if any.
 */
export function PreviewBody({ preview, className }: { preview: Preview; className?: string }) {
  return (
    <>
      {preview.error && (
        <p role="alert" className="mt-8 rounded-md bg-amber-50 p-3 text-sm text-ink">
          {preview.error}
        </p>
      )}
      <div className={`prose-article ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: preview.html }} />
    </>
  );
}

/** The dialog the preview opens in: full screen on a phone, with its 'Fechar'. */
export function PreviewDialog({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const phone = usePhone();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" fullScreen={phone} aria-labelledby="previa-titulo">
      <DialogTitle id="previa-titulo">Pré-visualização (como no site)</DialogTitle>
      {/* Focusable: on a short screen the preview scrolls, and the keyboard must reach it. */}
      <DialogContent tabIndex={0}>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The button and its dialog; `render` gets the form's values when the dialog opens
 * and the frame's height.
 */
export function PreviewButton({ render }: { render: (values: Record<string, unknown>, height: number | string) => ReactNode }) {
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const { getValues } = useFormContext();
  return (
    <>
      <Button startIcon={<VisibilityIcon />} onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        Pré-visualizar
      </Button>
      <PreviewDialog open={open} onClose={() => setOpen(false)}>
        {open && render(getValues(), phone ? '100%' : 640)}
      </PreviewDialog>
    </>
  );
}
