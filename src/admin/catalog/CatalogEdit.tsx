/** Editing a catalogue record, with its 'Histórico' (src/admin/revisions/EditWithHistory.tsx). */
import { Create } from 'react-admin';
import { EditWithHistory } from '../revisions/EditWithHistory';
import { CatalogForm } from './CatalogForm';
import { kindOf, toBody, type CatalogResource } from './catalogForm';

/** The screens' titles, per resource. */
const TITLES: Record<CatalogResource, { edit: string; create: string }> = {
  products: { edit: 'Editar produto', create: 'Novo produto' },
  lines: { edit: 'Editar linha', create: 'Nova linha' },
  datasheets: { edit: 'Editar datasheet', create: 'Novo datasheet' },
  software: { edit: 'Editar software', create: 'Novo software' },
};

export function CatalogEdit({ resource }: { resource: CatalogResource }) {
  const kind = kindOf(resource);
  return (
    <EditWithHistory resource={resource} title={() => TITLES[resource].edit} transform={(values) => toBody(kind, values)}>
      <CatalogForm kind={kind} />
    </EditWithHistory>
  );
}

export function CatalogCreate({ resource }: { resource: CatalogResource }) {
  const kind = kindOf(resource);
  return (
    <Create title={TITLES[resource].create} redirect="list" transform={(values: Record<string, unknown>) => toBody(kind, values)}>
      <CatalogForm kind={kind} />
    </Create>
  );
}
