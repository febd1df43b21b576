/**
 * 'Link' (the toolbar button, or Ctrl+K): the text and the address of a link, in a
 * dialog. An empty address removes the link; an address without a scheme is taken
 * as https:// unless it is a path of the site (/produtos), an anchor (#secao), an
 * e-mail (mailto:) or a phone (tel:).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { TextSelection } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';

/** The address as typed, given a scheme when it has none. @example linkHref('operium.com.br') // 'https://operium.com.br' */
function linkHref(typed: string): string {
  const value = typed.trim();
  if (value === '' || /^(?:[a-z][a-z\d+.-]*:|\/|#|\?)/i.test(value)) return value;
  return `https://${value}`;
}

export function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { from, to, empty } = editor.state.selection;
  const current = String(editor.getAttributes('link').href ?? '');
  const [text, setText] = useState(() => editor.state.doc.textBetween(from, to, ' '));
  const [href, setHref] = useState(current);
  const editingText = empty || !current;

  // The dialog goes first, then the editor takes the focus at once, with the caret where the
  // change left it: restoring the focus to the toolbar button, or waiting a frame as
  // chain().focus() does, would send a fast typist's next keys elsewhere.
  const close = () => {
    flushSync(onClose);
    editor.view.focus();
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const address = linkHref(href);
    const chain = editor.chain().extendMarkRange('link');
    const linked = (words: string) => ({ type: 'text', text: words, marks: [{ type: 'link', attrs: { href: address } }] });
    if (address === '') chain.unsetLink().run();
    else if (editingText && text.trim() !== '' && text !== editor.state.doc.textBetween(from, to, ' '))
      chain.insertContent(linked(text)).unsetMark('link').run();
    else if (empty)
      chain
        .insertContent(linked(text.trim() || address))
        .unsetMark('link')
        .run();
    // The linked words stay; the caret goes after them, as in Ghost and Google Docs, so what is
    // typed next neither replaces them nor joins the link.
    else
      chain
        .setLink({ href: address })
        .command(({ tr }) => {
          tr.setSelection(TextSelection.create(tr.doc, tr.selection.to));
          return true;
        })
        .unsetMark('link')
        .run();
    close();
  };

  return (
    <Dialog open onClose={close} disableRestoreFocus fullWidth maxWidth="sm" aria-labelledby="link-titulo">
      <form onSubmit={save} noValidate>
        <DialogTitle id="link-titulo">{current ? 'Editar link' : 'Inserir link'}</DialogTitle>
        <DialogContent>
          {editingText && (
            <TextField label="Texto" value={text} onChange={(event) => setText(event.target.value)} fullWidth margin="dense" />
          )}
          <TextField
            label="Endereço"
            value={href}
            onChange={(event) => setHref(event.target.value)}
            placeholder="https://… ou /produtos"
            helperText="Deixe vazio para remover o link."
            fullWidth
            margin="dense"
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancelar</Button>
          <Button type="submit" variant="contained">
            Salvar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
