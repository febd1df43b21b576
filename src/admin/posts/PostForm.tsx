/**
 * The post form shared by create and edit: title, slug (follows the title until
 * edited), excerpt, category, tags, status (options by permission; 'Agendado'
 * asks for a future date-time), cover image and the Markdown body with its live
 * preview in the site's article styles. Authors get 'Enviar para revisão'; editors,
 * on a post in review, 'Devolver ao autor' with a note. Unsaved changes are kept in
 * this browser (src/admin/revisions/LocalCopyGuard.tsx).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import UndoIcon from '@mui/icons-material/Undo';
import { useState } from 'react';
import {
  DeleteButton,
  ImageField,
  ImageInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  minLength,
  required,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useSaveContext,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { can } from '../../lib/permissions';
import { slugify } from '../../../shared/slug.js';
import { useActor } from '../common/useActor';
import { useFileToken } from '../common/useFileToken';
import { useFileUrl } from '../dataProvider';
import { LocalCopyGuard } from '../revisions/LocalCopyGuard';
import { PublicationStatus } from '../common/PublicationStatus';
import { postPath } from '../common/SiteLink';
import { MarkdownInput } from '../editor/MarkdownInput';
import { PreviewButton } from '../common/SitePreview';
import { ArticlePreview } from './ArticlePreview';
import { SlugInput } from './SlugInput';
import { CATEGORY_CHOICES, POST_CONTENT_MAX, POST_DELETE_CONFIRMATION, parseTags, formatTags, statusChoices } from './postRules';
import { ScheduleInput } from './ScheduleInput';

const MB = 1024 * 1024;
const COVER_TYPES = { 'image/jpeg': ['.jpeg', '.jpg'], 'image/png': ['.png'], 'image/gif': ['.gif'], 'image/webp': ['.webp'] };

/**
 * The cover: the stored file (a name on the record) shown as its thumbnail, or the file
 * just chosen. A draft's cover is served only with a file token (useFileToken).
 */
function CoverInput() {
  const record = useRecordContext();
  const notify = useNotify();
  const token = useFileToken();
  const fileUrl = useFileUrl();
  const format = (value: unknown) => {
    if (typeof value === 'string') {
      if (!value || !record || !token) return null;
      return { src: fileUrl(record, value, { thumb: '640x360', token }), title: value };
    }
    if (value instanceof File) return { rawFile: value, src: URL.createObjectURL(value), title: value.name };
    return value ?? null;
  };
  return (
    <ImageInput
      source="cover"
      accept={COVER_TYPES}
      maxSize={10 * MB}
      format={format}
      helperText="JPEG, PNG, GIF ou WebP, até 10 MB."
      inputProps={{ 'aria-label': 'Imagem de capa' }}
      placeholder={<p>Arraste a imagem de capa ou clique para escolher.</p>}
      options={{
        onDropRejected: () =>
          notify('A imagem de capa deve ser JPEG, PNG, GIF ou WebP e ter no máximo 10 MB.', { type: 'error' }),
      }}
    >
      <ImageField source="src" title="title" />
    </ImageInput>
  );
}

/** 'Pré-visualizar': the post as the site will publish it. */
function PostPreviewButton() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const author = (record?.author_name as string | undefined) || identity?.fullName;
  return (
    <PreviewButton
      render={(values, height) => (
        <ArticlePreview
          title={String(values.title ?? '')}
          content={String(values.content ?? '')}
          category={values.category as string | undefined}
          tags={parseTags(values.tags)}
          author={author}
          height={height}
        />
      )}
    />
  );
}

/** An author's way to say "this is ready": saves the post with the status 'Em revisão'. */
function SubmitForReviewButton() {
  const { setValue } = useFormContext();
  return (
    <SaveButton
      label="Enviar para revisão"
      icon={<SendIcon />}
      variant="outlined"
      alwaysEnable
      onClick={() => setValue('status', 'review', { shouldDirty: true })}
    />
  );
}

/** An editor sends a post in review back to its author, with a note the author reads. */
function SendBackButton() {
  const { setValue, handleSubmit } = useFormContext();
  const { save } = useSaveContext();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const send = () => {
    setValue('status', 'draft', { shouldDirty: true });
    setValue('review_note', note.trim(), { shouldDirty: true });
    setOpen(false);
    setNote('');
    // Through the form's own submit, so its validation runs as for 'Salvar'.
    void handleSubmit((values) => save?.(values))();
  };
  return (
    <>
      <Button startIcon={<UndoIcon />} onClick={() => setOpen(true)}>
        Devolver ao autor
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="devolver-titulo">
        <DialogTitle id="devolver-titulo">Devolver ao autor</DialogTitle>
        <DialogContent>
          <TextField
            label="Nota para o autor"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            required
            autoFocus
            helperText="O que falta para publicar. O post volta a ser um rascunho."
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancelar</Button>
          <Button variant="contained" disabled={note.trim() === ''} onClick={send}>
            Devolver
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function PostToolbar({ canDelete }: { canDelete: boolean }) {
  const { actor } = useActor();
  const record = useRecordContext();
  const mayPublish = can(actor, 'publish');
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <SaveButton />
        {!mayPublish && record?.status !== 'review' ? <SubmitForReviewButton /> : null}
        {mayPublish && record?.status === 'review' ? <SendBackButton /> : null}
      </Box>
      {canDelete && <PublicationStatus path={postPath(record)} />}
      {canDelete && (
        <DeleteButton mutationMode="pessimistic" confirmTitle="Excluir post" confirmContent={POST_DELETE_CONFIRMATION} />
      )}
    </Toolbar>
  );
}

export function PostForm({ isNew }: { isNew: boolean }) {
  const { actor } = useActor();
  const record = useRecordContext();
  const mayPublish = can(actor, 'publish');
  return (
    <SimpleForm
      warnWhenUnsavedChanges
      toolbar={<PostToolbar canDelete={!isNew} />}
      defaultValues={isNew ? { status: 'draft', category: 'Técnico', content: '', tags: [] } : undefined}
      sx={{ maxWidth: 1400 }}
    >
      <LocalCopyGuard resource="posts" />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
        <TextInput source="title" validate={[required(), minLength(3), maxLength(200)]} fullWidth />
        <SlugInput
          from="title"
          follow={isNew || (record?.status === 'draft' && record.slug === slugify(String(record.title ?? '')))}
          max={200}
        />
      </Box>
      <TextInput
        source="excerpt"
        multiline
        minRows={2}
        validate={maxLength(500)}
        fullWidth
        helperText="Resumo exibido na lista do blog."
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, columnGap: 2, width: '100%' }}>
        <SelectInput source="category" choices={CATEGORY_CHOICES} validate={required()} />
        <TextInput
          source="tags"
          format={formatTags}
          parse={(value: string) => value}
          helperText="Separe as tags por vírgulas (ex.: esp32, automação)."
          fullWidth
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%' }}>
        <SelectInput
          source="status"
          choices={statusChoices(actor)}
          validate={required()}
          helperText={mayPublish ? false : 'Somente editores e administradores podem publicar ou agendar.'}
          sx={{ minWidth: 220 }}
        />
        <ScheduleInput helperText="Data e hora (horário de Brasília) em que o post será publicado." />
      </Box>
      <CoverInput />
      <MarkdownInput source="content" label="resources.posts.fields.content" validate={maxLength(POST_CONTENT_MAX)} />
      <PostPreviewButton />
    </SimpleForm>
  );
}
