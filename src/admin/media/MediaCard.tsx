/**
 * One file of the library: thumbnail (images) or a type icon, original name, size,
 * date, and the actions the signed-in staff member may take: open, copy link, edit
 * the alternative text (editors, or the uploader), delete (editors and admins: to Mídia
 * excluída, after a confirmation that says where the file is used).
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DescriptionIcon from '@mui/icons-material/Description';
import EditIcon from '@mui/icons-material/Edit';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TextSnippetIcon from '@mui/icons-material/TextSnippet';
import { useId, useState } from 'react';
import { DeleteWithConfirmButton, RecordContextProvider, useNotify } from 'react-admin';
import { canAccessArea } from '../access';
import { useActor } from '../common/useActor';
import { AltTextDialog } from './AltTextDialog';
import { MediaDeleteConfirmation } from './MediaUsage';
import { formatBytes, formatDateTime } from '../../lib/format';
import { isImage } from './fileRules';
import { useMediaUrls, type MediaRecord } from './types';

function TypeIcon({ mimeType }: { mimeType: string }) {
  const sx = { fontSize: 64 };
  if (mimeType === 'application/pdf') return <PictureAsPdfIcon color="error" sx={sx} aria-hidden />;
  if (mimeType === 'text/plain') return <TextSnippetIcon color="action" sx={sx} aria-hidden />;
  if (mimeType.includes('word')) return <DescriptionIcon color="primary" sx={sx} aria-hidden />;
  return <InsertDriveFileIcon color="action" sx={sx} aria-hidden />;
}

/** The clipboard API, or the old selection-based copy where it is not available. */
async function copyText(text: string) {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy failed');
}

export function MediaCard({ record }: { record: MediaRecord }) {
  const { actor } = useActor();
  const notify = useNotify();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const { fileUrl, thumbUrl } = useMediaUrls();
  const url = fileUrl(record);
  const name = record.original_filename || record.file;
  const facts = { id: record.id, uploaded_by: record.uploaded_by };
  const mayEdit = canAccessArea(actor, 'media', 'edit', facts);
  const mayDelete = canAccessArea(actor, 'media', 'delete', facts);

  const copyLink = async () => {
    try {
      await copyText(url);
      notify('Link copiado para a área de transferência!', { type: 'success' });
    } catch {
      notify('Não foi possível copiar o link. Copie-o pelo botão "Abrir em nova aba".', { type: 'error' });
    }
  };

  return (
    <RecordContextProvider value={record}>
      <Card
        component="article"
        variant="outlined"
        aria-labelledby={titleId}
        data-media-id={record.id}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      >
        <Box
          sx={{
            height: 160,
            bgcolor: 'action.hover',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {isImage(record.mime_type) ? (
            <Box
              component="img"
              src={thumbUrl(record)}
              alt={record.alt_text || ''}
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <TypeIcon mimeType={record.mime_type || ''} />
          )}
        </Box>
        <CardContent sx={{ flexGrow: 1, pb: 1 }}>
          <Typography id={titleId} component="h2" variant="subtitle2" noWrap title={name} sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-size>
            {formatBytes(record.file_size)}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="p">
            <time dateTime={record.created?.replace(' ', 'T')}>{formatDateTime(record.created)}</time>
          </Typography>
          <Typography
            variant="body2"
            color={record.alt_text ? 'text.primary' : 'text.secondary'}
            sx={{ mt: 0.5, fontStyle: record.alt_text ? 'normal' : 'italic', wordBreak: 'break-word' }}
            data-alt-text
          >
            {record.alt_text
              ? `Texto alternativo: ${record.alt_text}`
              : record.decorative
                ? 'Imagem decorativa'
                : 'Sem texto alternativo'}
          </Typography>
        </CardContent>
        <CardActions sx={{ pt: 0, flexWrap: 'wrap' }}>
          <Tooltip title="Abrir em nova aba">
            <IconButton
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Abrir ${name} em nova aba`}
            >
              <OpenInNewIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Copiar link">
            <IconButton onClick={copyLink} aria-label={`Copiar link de ${name}`}>
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
          {mayEdit ? (
            <Tooltip title="Editar texto alternativo">
              <IconButton onClick={() => setEditing(true)} aria-label={`Editar texto alternativo de ${name}`}>
                <EditIcon />
              </IconButton>
            </Tooltip>
          ) : null}
          {mayDelete ? (
            <DeleteWithConfirmButton
              sx={{ ml: 'auto' }}
              aria-label={`Excluir ${name}`}
              redirect={false}
              mutationMode="pessimistic"
              confirmTitle="Excluir arquivo"
              confirmContent={<MediaDeleteConfirmation id={record.id} />}
            />
          ) : null}
        </CardActions>
        {editing ? <AltTextDialog record={record} showUsage={mayDelete} onClose={() => setEditing(false)} /> : null}
      </Card>
    </RecordContextProvider>
  );
}
