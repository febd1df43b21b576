/**
 * The visual editor of post bodies and page sections (TipTap through mui-tiptap,
 * reading and writing Markdown; see docs/painel.md for why): a pt-BR toolbar, keyboard
 * and Markdown shortcuts, images from the media library or pasted/dropped, and a
 * 'Markdown' view that shows and edits the source. Loaded as its own chunk, only by
 * the screens that edit (MarkdownInput).
 *
 * The Markdown is written back only after an edit, once typing pauses (and at once
 * when the editor loses focus, so a click on 'Salvar' never misses a keystroke): a
 * body nobody touched is saved exactly as it was, and a long post never serializes
 * on every key.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/Image';
import type { EditorView } from '@tiptap/pm/view';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import LinkIcon from '@mui/icons-material/Link';
import {
  MenuButton,
  MenuButtonAddTable,
  MenuButtonBlockquote,
  MenuButtonBold,
  MenuButtonBulletedList,
  MenuButtonCode,
  MenuButtonCodeBlock,
  MenuButtonHorizontalRule,
  MenuButtonItalic,
  MenuButtonOrderedList,
  MenuButtonRedo,
  MenuButtonUndo,
  MenuControlsContainer,
  MenuDivider,
  RichTextEditorProvider,
  RichTextField,
  TableMenuControls,
} from 'mui-tiptap';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { normalizeLineEndings } from '../../../shared/line-endings.js';
import { CodeLanguageSelect } from './CodeLanguageSelect';
import { editorExtensions } from './extensions';
import { TABLE_LABELS } from './labels';
import { LinkDialog } from './LinkDialog';
import { imageFiles, type EditorImage } from './images';
import { insertImage } from './insertImage';
import { MarkdownStats } from './MarkdownStats';
import './canvas.css';

/** How long typing must pause before the Markdown is written back. */
const WRITE_BACK_MS = 300;

export interface MarkdownEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (markdown: string) => void;
  onBlur?: () => void;
  /** Opens the media library; resolves with the image to insert, or null when cancelled. */
  pickImage: () => Promise<EditorImage | null>;
  /** Uploads a pasted or dropped image to the media library (asking its alternative text); null when cancelled. */
  uploadImage: (file: File) => Promise<EditorImage | null>;
  /** Shows an error (an upload refused) to the user. */
  onError: (message: string) => void;
  error?: ReactNode;
  helperText?: ReactNode;
  minHeight?: number;
}

function HeadingButton({ editor, level }: { editor: Editor | null; level: 2 | 3 }) {
  const label = level === 2 ? 'Título H2' : 'Subtítulo H3';
  return (
    <MenuButton
      tooltipLabel={label}
      aria-label={label}
      tooltipShortcutKeys={['mod', 'Alt', String(level)]}
      selected={editor?.isActive('heading', { level }) ?? false}
      disabled={!editor?.isEditable}
      onClick={() => editor?.chain().focus().toggleHeading({ level }).run()}
      IconComponent={({ className }: { className: string }) => (
        <span className={className} style={{ fontWeight: 700, fontSize: 14, lineHeight: '24px' }}>
          {`H${level}`}
        </span>
      )}
    />
  );
}

function Toolbar({
  editor,
  source,
  onImage,
  onLink,
}: {
  editor: Editor | null;
  source: boolean;
  onImage: () => void;
  onLink: () => void;
}) {
  // The toolbar alone follows the editor: it renders again when what it shows changes.
  useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            active: ['bold', 'italic', 'code', 'link', 'bulletList', 'orderedList', 'blockquote', 'codeBlock', 'table'].map(
              (name) => current.isActive(name),
            ),
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            language: (current.getAttributes('codeBlock').language as string | undefined) ?? null,
            undo: current.can().undo(),
            redo: current.can().redo(),
            editable: current.isEditable,
          }
        : null,
  });
  const disabled = source || !editor?.isEditable;
  return (
    <MenuControlsContainer>
      <MenuButtonBold tooltipLabel="Negrito" aria-label="Negrito" disabled={disabled} />
      <MenuButtonItalic tooltipLabel="Itálico" aria-label="Itálico" disabled={disabled} />
      <MenuDivider />
      {!source && <HeadingButton editor={editor} level={2} />}
      {!source && <HeadingButton editor={editor} level={3} />}
      <MenuButton
        tooltipLabel="Link"
        aria-label="Link"
        tooltipShortcutKeys={['mod', 'K']}
        IconComponent={LinkIcon}
        selected={editor?.isActive('link') ?? false}
        disabled={disabled}
        onClick={onLink}
      />
      <MenuDivider />
      <MenuButtonBulletedList tooltipLabel="Lista" aria-label="Lista" disabled={disabled} />
      <MenuButtonOrderedList tooltipLabel="Lista numerada" aria-label="Lista numerada" disabled={disabled} />
      <MenuButtonBlockquote tooltipLabel="Citação" aria-label="Citação" disabled={disabled} />
      <MenuDivider />
      <MenuButtonCode tooltipLabel="Código" aria-label="Código" disabled={disabled} />
      <MenuButtonCodeBlock tooltipLabel="Bloco de código" aria-label="Bloco de código" disabled={disabled} />
      <CodeLanguageSelect editor={source ? null : editor} />
      <MenuButtonAddTable tooltipLabel="Tabela" aria-label="Tabela" disabled={disabled} />
      <MenuButton tooltipLabel="Imagem" aria-label="Imagem" IconComponent={ImageIcon} disabled={disabled} onClick={onImage} />
      <MenuButtonHorizontalRule tooltipLabel="Linha horizontal" aria-label="Linha horizontal" disabled={disabled} />
      <MenuDivider />
      <MenuButtonUndo tooltipLabel="Desfazer" aria-label="Desfazer" disabled={disabled} />
      <MenuButtonRedo tooltipLabel="Refazer" aria-label="Refazer" disabled={disabled} />
      {/* Last, so the buttons before them never move while the cursor enters and leaves a table. */}
      {!source && editor?.isActive('table') && (
        <>
          <MenuDivider />
          <TableMenuControls labels={TABLE_LABELS} />
        </>
      )}
    </MenuControlsContainer>
  );
}

export default function MarkdownEditor(props: MarkdownEditorProps) {
  const { id, label, value, onChange, onBlur, pickImage, uploadImage, onError, error, helperText, minHeight = 360 } = props;
  const labelId = `${id}-rotulo`;
  const [source, setSource] = useState(false);
  const [uploading, setUploading] = useState(0);
  /** The Markdown last written to the form (or received from it). */
  const written = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callbacks = useRef({ onChange, uploadImage, onError });
  useEffect(() => {
    callbacks.current = { onChange, uploadImage, onError };
  });

  const insertImages = useCallback(async (view: EditorView, files: File[], at?: number) => {
    for (const file of files) {
      setUploading((count) => count + 1);
      try {
        const image = await callbacks.current.uploadImage(file);
        if (!image || view.isDestroyed) continue;
        insertImage(view, image, at);
      } catch (reason) {
        callbacks.current.onError(reason instanceof Error ? reason.message : String(reason));
      } finally {
        setUploading((count) => count - 1);
      }
    }
  }, []);

  const [linking, setLinking] = useState(false);
  const extensions = useMemo(() => editorExtensions(() => setLinking(true)), []);
  const editor = useEditor({
    extensions,
    content: value,
    contentType: 'markdown',
    // Not on every keystroke: a long post's typing pays for the text only; the toolbar
    // follows the cursor by itself (useEditorState in Toolbar).
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        spellcheck: 'true',
        lang: 'pt-BR',
        // Set as the article is on the site (canvas.css).
        class: 'prose-article',
      },
      handlePaste: (view, event) => {
        const files = imageFiles(event.clipboardData);
        if (files.length === 0) return false;
        event.preventDefault();
        void insertImages(view, files);
        return true;
      },
      handleDrop: (view, event) => {
        const files = imageFiles(event.dataTransfer);
        if (files.length === 0) return false;
        event.preventDefault();
        void insertImages(view, files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
    },
    onUpdate: ({ editor: current, transaction }) => {
      if (!transaction.docChanged) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => writeBack(current), WRITE_BACK_MS);
    },
    onBlur: ({ editor: current }) => {
      writeBack(current);
      onBlur?.();
    },
  });

  function writeBack(current: Editor) {
    clearTimeout(timer.current);
    timer.current = undefined;
    const markdown = normalizeLineEndings(current.getMarkdown());
    if (markdown === written.current) return;
    written.current = markdown;
    callbacks.current.onChange(markdown);
  }

  // A value set from outside (a restored version, the local copy): the editor shows it.
  useEffect(() => {
    if (!editor || value === written.current) return;
    written.current = value;
    editor.commands.setContent(value, { contentType: 'markdown', emitUpdate: false });
  }, [editor, value]);

  // Nothing typed is lost when the screen closes mid-pause.
  useEffect(
    () => () => {
      if (timer.current !== undefined && editor && !editor.isDestroyed) writeBack(editor);
    },
    [editor],
  );

  const toggleSource = () => {
    if (!editor) return;
    if (!source) writeBack(editor);
    else editor.commands.setContent(value, { contentType: 'markdown', emitUpdate: false });
    setSource(!source);
  };

  const onImage = async () => {
    const image = await pickImage();
    if (image && editor && !editor.isDestroyed) insertImage(editor.view, image);
  };

  return (
    <Box sx={{ width: '100%' }} data-markdown-editor>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography id={labelId} variant="body2" color="text.secondary">
          {label}
        </Typography>
        {/* Outside the toolbar, whose rendering mui-tiptap delays while typing: it always answers at once. */}
        <ToggleButton
          value="markdown"
          size="small"
          selected={source}
          onChange={toggleSource}
          aria-pressed={source}
          sx={{ px: 1, py: 0.25, textTransform: 'none', fontWeight: 600 }}
        >
          Markdown
        </ToggleButton>
      </Box>
      <RichTextEditorProvider editor={editor}>
        {/* A click on a toolbar button leaves the focus (and the selection) in the text, as in
            word processors; the buttons are still reached with Tab. */}
        <Box
          onMouseDown={(event: React.MouseEvent) => {
            const target = event.target as HTMLElement;
            if (target.closest('.MuiToggleButton-root, button') && !target.closest('[role="combobox"]')) event.preventDefault();
          }}
        >
          <RichTextField
            variant="outlined"
            controls={<Toolbar editor={editor} source={source} onImage={() => void onImage()} onLink={() => setLinking(true)} />}
            RichTextContentProps={{ disableDefaultStyles: true, sx: source ? { display: 'none' } : undefined }}
            footer={
              source ? (
                <Box
                  component="textarea"
                  aria-label={`${label} (Markdown)`}
                  value={value}
                  spellCheck={false}
                  onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => {
                    const markdown = normalizeLineEndings(event.target.value);
                    written.current = markdown;
                    onChange(markdown);
                  }}
                  onBlur={onBlur}
                  sx={{
                    display: 'block',
                    width: '100%',
                    minHeight,
                    border: 0,
                    p: 1.5,
                    resize: 'vertical',
                    font: '14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                    outline: 'none',
                    bgcolor: 'transparent',
                    color: 'text.primary',
                  }}
                />
              ) : undefined
            }
            sx={{
              '& .ProseMirror': { minHeight, p: 1.5, overflowWrap: 'anywhere' },
              '& [data-preserved]': { bgcolor: 'action.hover', borderRadius: 1, px: 0.5, fontSize: 13, whiteSpace: 'pre-wrap' },
              ...(error ? { '& .MuiOutlinedInput-notchedOutline, & fieldset': { borderColor: 'error.main' } } : {}),
            }}
          />
        </Box>
      </RichTextEditorProvider>
      {linking && editor && <LinkDialog editor={editor} onClose={() => setLinking(false)} />}
      {uploading > 0 && (
        <Box role="status" sx={{ mt: 1 }}>
          <LinearProgress aria-label="Enviando imagem" />
          <Typography variant="caption">Enviando imagem para a Mídia…</Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mt: 0.5 }}>
        <Typography variant="caption" color={error ? 'error' : 'text.secondary'} component="div">
          {error || helperText}
        </Typography>
        <MarkdownStats markdown={value} />
      </Box>
    </Box>
  );
}
