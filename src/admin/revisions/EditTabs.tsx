/**
 * The two tabs of a post's or page's edit view: its content (the form, kept mounted
 * while the history shows, so nothing typed is lost) and its 'Histórico'.
 */
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState, type ReactNode } from 'react';
import { RevisionHistory } from './RevisionHistory';
import type { VersionedResource } from './versionFields';

export function EditTabs({ resource, label, children }: { resource: VersionedResource; label: string; children: ReactNode }) {
  const [tab, setTab] = useState<'content' | 'history'>('content');
  return (
    <>
      <Tabs value={tab} onChange={(_event, value: 'content' | 'history') => setTab(value)} aria-label={label}>
        <Tab value="content" label="Conteúdo" id="aba-conteudo" aria-controls="painel-conteudo" />
        <Tab value="history" label="Histórico" id="aba-historico" aria-controls="painel-historico" />
      </Tabs>
      <Box role="tabpanel" id="painel-conteudo" aria-labelledby="aba-conteudo" hidden={tab !== 'content'}>
        {children}
      </Box>
      <Box role="tabpanel" id="painel-historico" aria-labelledby="aba-historico" hidden={tab !== 'history'}>
        {tab === 'history' ? <RevisionHistory resource={resource} /> : null}
      </Box>
    </>
  );
}
