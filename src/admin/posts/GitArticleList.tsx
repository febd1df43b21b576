/**
 * The site's articles that live in git (MDX files in the repository), listed read-only
 * under the CMS posts so editors see every article the site shows. They are edited in
 * the repository, not here; each row names its file and links to its page.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DataTable, List, SearchInput, SimpleList, useListContext, type RaRecord } from 'react-admin';
import { listLoadErrorProps } from '../common/ListLoadError';
import { usePhone } from '../common/usePhone';
import { SiteLink } from '../common/SiteLink';
import { canAccessArea } from '../access';
import { useActor } from '../common/useActor';
import { SendNewsletterButton } from '../sends/SendNewsletterButton';
import { formatLongDate } from '../../lib/format';

const Col = DataTable.Col<RaRecord>;

const MANAGED = 'Gerenciado pelo git';

const publishedOn = (record: RaRecord) => (record.date ? formatLongDate(new Date(`${record.date}T12:00:00Z`)) : '—');

function GitArticleTable() {
  const { total } = useListContext();
  const phone = usePhone();
  const { actor } = useActor();
  const canSend = canAccessArea(actor, 'sends', 'create');
  const actions = (record: RaRecord) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <SiteLink path={String(record.url)} title={String(record.title)} />
      {canSend ? <SendNewsletterButton slug={String(record.slug)} /> : null}
    </Box>
  );
  const empty = (
    <Typography sx={{ p: 3 }} color="text.secondary">
      Nenhum artigo do git encontrado.
    </Typography>
  );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
        {total === undefined
          ? ''
          : `${total} ${total === 1 ? 'artigo' : 'artigos'} do site ${total === 1 ? 'vem' : 'vêm'} de arquivos no repositório: só leitura aqui, editados no git.`}
      </Typography>
      {phone ? (
        <SimpleList
          rowClick={false}
          primaryText={(record) => String(record.title)}
          secondaryText={(record) => `${MANAGED} · ${record.path}`}
          tertiaryText={(record) => publishedOn(record)}
          rightIcon={actions}
          empty={empty}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false} empty={empty}>
          <Col source="title" />
          <Col source="source" disableSort render={() => <Chip size="small" label={MANAGED} variant="outlined" />} />
          <Col source="category" />
          <Col source="author" disableSort />
          <Col source="date" render={publishedOn} />
          <Col source="path" disableSort render={(record) => <code>{String(record.path)}</code>} />
          <Col label="admin.list.actions" disableSort render={actions} />
        </DataTable>
      )}
    </>
  );
}

export function GitArticleList() {
  return (
    <Box component="section" aria-labelledby="git-articles-title" sx={{ mt: 4 }}>
      <Typography id="git-articles-title" component="h2" variant="h6">
        Artigos do git
      </Typography>
      <List
        {...listLoadErrorProps()}
        resource="git-articles"
        title={false}
        disableSyncWithLocation
        sort={{ field: 'date', order: 'DESC' }}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Buscar artigos do git" />]}
        actions={false}
        exporter={false}
        perPage={10}
        storeKey="git-articles.list"
      >
        <GitArticleTable />
      </List>
    </Box>
  );
}
