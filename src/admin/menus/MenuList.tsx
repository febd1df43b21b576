/**
 * 'Menu' (editors and admins): the site's three menus — the header and the footer's
 * two columns — each opened to edit its links. Menus are neither created nor deleted
 * here: the site has these three places.
 */
import { DataTable, EditButton, FunctionField, List, SimpleList, type RaRecord } from 'react-admin';
import { listLoadErrorProps } from '../common/ListLoadError';
import { usePhone } from '../common/usePhone';
import { MENUS } from '../../../shared/menus.js';
import { menuDefinition } from './menuRules';

const ORDER = MENUS.map((menu) => menu.key);
const nameOf = (record: RaRecord) => menuDefinition(record.key)?.label ?? String(record.key);
const countOf = (record: RaRecord) => {
  const count = Array.isArray(record.items) ? record.items.length : 0;
  return `${count} ${count === 1 ? 'link' : 'links'}`;
};

export default function MenuList() {
  const phone = usePhone();
  return (
    <List
      {...listLoadErrorProps()}
      title="Menu"
      actions={false}
      exporter={false}
      pagination={false}
      perPage={10}
      sort={{ field: 'key', order: 'ASC' }}
      queryOptions={{
        select: (result) => ({
          ...result,
          data: [...result.data].sort((a, b) => ORDER.indexOf(a.key) - ORDER.indexOf(b.key)),
        }),
      }}
    >
      {phone ? (
        <SimpleList primaryText={nameOf} secondaryText={countOf} linkType="edit" />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col label="Menu" render={nameOf} />
          <DataTable.Col source="title" />
          <DataTable.Col label="Links">
            <FunctionField render={countOf} />
          </DataTable.Col>
          <DataTable.Col>
            <EditButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
