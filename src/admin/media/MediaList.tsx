/**
 * 'Mídia': the library as a grid of cards (newest first, paginated and searched on
 * the server), with the upload dialog. `?upload=1` (the dashboard's quick action)
 * opens the dialog at once.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import UploadIcon from '@mui/icons-material/Upload';
import { useState } from 'react';
import { List, Pagination, SearchInput, TopToolbar, useListContext } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { canAccessArea } from '../access';
import { AdminLink } from '../common/AdminLink';
import { useActor } from '../common/useActor';
import { Spinner } from '../layout/AccessGate';
import { MediaCard } from './MediaCard';
import type { MediaRecord } from './types';
import { UploadDialog } from './UploadDialog';
import { listLoadErrorProps } from '../common/ListLoadError';

const EMPTY_TEXT = 'Nenhum arquivo encontrado. Faça o upload do primeiro arquivo.';

function UploadButton({ onClick }: { onClick: () => void }) {
  const { actor } = useActor();
  if (!canAccessArea(actor, 'media', 'create')) return null;
  return (
    <Button variant="contained" size="small" startIcon={<UploadIcon />} onClick={onClick}>
      Upload de Mídia
    </Button>
  );
}

/** 'Mídia excluída' (DeletedMediaPage), for those who delete. */
function TrashButton() {
  const { actor } = useActor();
  if (!canAccessArea(actor, 'media', 'delete')) return null;
  return (
    <Button component={AdminLink} to="/deleted-media" size="small" startIcon={<RestoreFromTrashIcon />}>
      Mídia excluída
    </Button>
  );
}

function Empty({ onUpload }: { onUpload: () => void }) {
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{EMPTY_TEXT}</Typography>
      <UploadButton onClick={onUpload} />
    </Box>
  );
}

function MediaGrid() {
  const { data, isPending, error, filterValues } = useListContext<MediaRecord>();
  if (error) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {error.message}
      </Alert>
    );
  }
  if (isPending && !data) {
    return <Spinner label="Carregando mídia..." />;
  }
  if (!data?.length) {
    return (
      <Typography sx={{ p: 3 }}>
        {Object.keys(filterValues).length ? 'Nenhum arquivo encontrado para esta busca.' : EMPTY_TEXT}
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label="Biblioteca de mídia"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
      }}
    >
      {data.map((record) => (
        <li key={record.id}>
          <MediaCard record={record} />
        </li>
      ))}
    </Box>
  );
}

// On a phone the placeholder needs the search icon's room to show whole ('Buscar' already
// says what the field does); the clear button (an adornment holding a button) stays. From
// the tablet up the field is as wide as its placeholder (its default width cut it).
const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Buscar por nome ou texto alternativo"
    sx={{
      width: { sm: '24rem' },
      '& .MuiInputAdornment-root:has(> svg)': { display: { xs: 'none', sm: 'flex' } },
    }}
  />,
];

export default function MediaList() {
  const [params, setParams] = useSearchParams();
  const [uploadOpen, setUploadOpen] = useState(false);
  const open = uploadOpen || params.get('upload') === '1';

  const openUpload = () => setUploadOpen(true);
  const closeUpload = () => {
    setUploadOpen(false);
    if (params.has('upload')) {
      const next = new URLSearchParams(params);
      next.delete('upload');
      setParams(next, { replace: true });
    }
  };

  return (
    <>
      <List<MediaRecord>
        sort={{ field: 'created', order: 'DESC' }}
        perPage={24}
        filters={filters}
        actions={
          <TopToolbar>
            <TrashButton />
            <UploadButton onClick={openUpload} />
          </TopToolbar>
        }
        empty={<Empty onUpload={openUpload} />}
        {...listLoadErrorProps(<Pagination rowsPerPageOptions={[12, 24, 48]} />)}
      >
        <MediaGrid />
      </List>
      <UploadDialog open={open} onClose={closeUpload} />
    </>
  );
}
