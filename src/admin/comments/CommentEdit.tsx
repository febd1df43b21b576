/**
 * One comment, for a moderator: its status, a typo fixed in the name or the text,
 * and a reply as the team (published at once under the comment, pb_hooks/lib/comments/comments.js).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  DeleteButton,
  maxLength,
  minLength,
  required,
  useCreate,
  useNotify,
  useRecordContext,
} from 'react-admin';
import rules from '../../../shared/content-rules.json';
import { formatDateTime } from '../../lib/format';
import { COMMENT_STATUS_CHOICES } from './choices';

const LIMITS = rules.comments;

/** Where the comment is, and who wrote it when. */
function Facts() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Em{' '}
        <a href={`/blog/${encodeURIComponent(String(record.article))}#comentarios`} target="_blank" rel="noopener">
          {String(record.article_title || record.article)}
        </a>{' '}
        · {formatDateTime(record.created)} · {String(record.email)}
        {record.parent ? ` · resposta da ${LIMITS.staffLabel}` : ''}
      </Typography>
    </Box>
  );
}

/** A reply as the team: a new approved comment under this one. */
function Reply() {
  const record = useRecordContext();
  const [text, setText] = useState('');
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  if (!record || record.parent) return null;
  const tooShort = text.trim().length < LIMITS.body.min;
  const send = () =>
    create(
      'comments',
      { data: { parent: record.id, body: text } },
      {
        onSuccess: () => {
          setText('');
          notify('Resposta publicada. Ela entra no site na próxima publicação.', { type: 'success' });
        },
        onError: (error) =>
          notify(error instanceof Error ? error.message : 'Não foi possível enviar a resposta.', { type: 'error' }),
      },
    );
  return (
    <Box component="section" aria-labelledby="responder" sx={{ mt: 3, maxWidth: 720 }}>
      <Typography id="responder" variant="h6" component="h2">
        Responder como {LIMITS.staffLabel}
      </Typography>
      <TextField
        label="Resposta"
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: LIMITS.body.max } }}
        sx={{ mt: 1 }}
      />
      <Button variant="contained" sx={{ mt: 1 }} disabled={tooShort || isPending} onClick={send}>
        {isPending ? 'Enviando...' : 'Publicar resposta'}
      </Button>
    </Box>
  );
}

function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

export default function CommentEdit() {
  return (
    <Edit title="Moderar comentário" mutationMode="pessimistic">
      <SimpleForm toolbar={<EditToolbar />} warnWhenUnsavedChanges>
        <Facts />
        <SelectInput source="status" choices={COMMENT_STATUS_CHOICES} validate={required()} />
        <TextInput
          source="name"
          validate={[required(), minLength(LIMITS.name.min), maxLength(LIMITS.name.max)]}
          sx={{ maxWidth: 480 }}
          fullWidth
        />
        <TextInput
          source="body"
          multiline
          minRows={4}
          validate={[required(), minLength(LIMITS.body.min), maxLength(LIMITS.body.max)]}
          fullWidth
          sx={{ maxWidth: 720 }}
        />
        <Reply />
      </SimpleForm>
    </Edit>
  );
}
