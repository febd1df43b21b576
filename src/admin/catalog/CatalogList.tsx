/**
 * The catalogue's lists ('Produtos', 'Linhas', 'Datasheets', 'Softwares'): editors and
 * admins open a record to edit it; authors read the lists (src/admin/access.ts).
 * Products are filtered by line and status; software by category.
 */
import Button from '@mui/material/Button';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import type { ReactElement, ReactNode } from 'react';
import {
  CreateButton,
  DataTable,
  DeleteButton,
  EditButton,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCanAccess,
  type RaRecord,
} from 'react-admin';
import { PRODUCT_STATUSES, SOFTWARE_CATEGORIES } from '../../../shared/catalog.js';
import { AdminLink } from '../common/AdminLink';
import { listLoadErrorProps } from '../common/ListLoadError';
import { StatusChip } from '../common/StatusChip';
import { usePhone } from '../common/usePhone';
import { ProductDeleteConfirm } from '../products/ProductUsage';
import type { CatalogResource } from './catalogForm';

const statusChoices = PRODUCT_STATUSES.map((status) => ({ id: status.value, name: status.label }));
const statusLabel = (status: unknown) => PRODUCT_STATUSES.find((option) => option.value === status)?.label ?? String(status);

const FILTERS: Record<CatalogResource, ReactElement[]> = {
  products: [
    <SearchInput key="q" source="q" alwaysOn placeholder="Buscar produtos" />,
    <ReferenceInput key="line" source="line" reference="lines" sort={{ field: 'order', order: 'ASC' }} alwaysOn>
      <SelectInput optionText="name" />
    </ReferenceInput>,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  ],
  lines: [<SearchInput key="q" source="q" alwaysOn placeholder="Buscar linhas" />],
  datasheets: [<SearchInput key="q" source="q" alwaysOn placeholder="Buscar datasheets" />],
  software: [
    <SearchInput key="q" source="q" alwaysOn placeholder="Buscar softwares" />,
    <SelectInput
      key="category"
      source="category"
      choices={SOFTWARE_CATEGORIES.map((category) => ({ id: category, name: category }))}
      alwaysOn
    />,
  ],
};

const NEW: Record<CatalogResource, string> = {
  products: 'Novo produto',
  lines: 'Nova linha',
  datasheets: 'Novo datasheet',
  software: 'Novo software',
};

const DELETE_CONFIRM: Record<CatalogResource, { title: string; content: ReactNode }> = {
  // Where the product is used, read when the confirmation opens (the server refuses while it is).
  products: { title: 'Excluir produto', content: <ProductDeleteConfirm /> },
  lines: { title: 'Excluir linha', content: 'Uma linha com produtos não pode ser excluída: mude os produtos de linha antes.' },
  datasheets: {
    title: 'Excluir datasheet',
    content: 'O datasheet sai do site e dos produtos que o mostram na próxima publicação.',
  },
  software: { title: 'Excluir software', content: 'O software sai do site na próxima publicação.' },
};

/** The columns after the first, per resource. */
function Columns({ resource }: { resource: CatalogResource }) {
  switch (resource) {
    case 'products':
      return (
        <>
          <DataTable.Col source="model" />
          <DataTable.Col source="name" />
          <DataTable.Col source="line">
            <ReferenceField source="line" reference="lines" link={false} />
          </DataTable.Col>
          <DataTable.Col
            source="status"
            render={(record: RaRecord) => <StatusChip status={String(record.status)} label={statusLabel(record.status)} />}
          />
          <DataTable.Col source="order" />
        </>
      );
    case 'lines':
      return (
        <>
          <DataTable.Col source="name" />
          <DataTable.Col source="family" />
          <DataTable.Col source="slug" />
          <DataTable.Col source="order" />
        </>
      );
    case 'datasheets':
      return (
        <>
          <DataTable.Col source="name" />
          <DataTable.Col source="description" />
          <DataTable.Col source="order" />
        </>
      );
    case 'software':
      return (
        <>
          <DataTable.Col source="name" />
          <DataTable.Col source="category" />
          <DataTable.Col source="order" />
        </>
      );
  }
}

export function CatalogList({ resource }: { resource: CatalogResource }) {
  const phone = usePhone();
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  return (
    <List
      {...listLoadErrorProps()}
      sort={{ field: resource === 'products' ? 'model' : 'order', order: 'ASC' }}
      filters={FILTERS[resource]}
      actions={
        <TopToolbar>
          {resource === 'products' && canDelete ? (
            <Button component={AdminLink} to="/deleted-products" size="small" startIcon={<RestoreFromTrashIcon />}>
              Produtos excluídos
            </Button>
          ) : null}
          <CreateButton label={NEW[resource]} />
        </TopToolbar>
      }
      exporter={false}
      perPage={25}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => String(record.model ?? record.name)}
          secondaryText={(record) =>
            resource === 'products' ? `${String(record.name)} · ${statusLabel(record.status)}` : `Ordem ${record.order}`
          }
          linkType={canEdit ? 'edit' : false}
        />
      ) : (
        <DataTable rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
          <Columns resource={resource} />
          {canEdit || canDelete ? (
            <DataTable.Col label="admin.list.actions" disableSort align="right">
              {canEdit ? <EditButton /> : null}
              {canDelete ? (
                <DeleteButton
                  mutationMode="pessimistic"
                  confirmTitle={DELETE_CONFIRM[resource].title}
                  confirmContent={DELETE_CONFIRM[resource].content}
                />
              ) : null}
            </DataTable.Col>
          ) : null}
        </DataTable>
      )}
    </List>
  );
}
