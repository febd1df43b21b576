/**
 * The form of a catalogue record (src/admin/catalog/CatalogFields.tsx), its rows of
 * texts made from the record's lists, checked before saving with the server's own rule;
 * a product's has 'Pré-visualizar' (src/admin/products/ProductPreview.tsx).
 */
import { SimpleForm, useRecordContext } from 'react-admin';
import { ProductPreviewButton } from '../products/ProductPreview';
import { CatalogFields } from './CatalogFields';
import { toForm, validateCatalog, type CatalogKind } from './catalogForm';

/** A new record's values: what its form starts with. */
const DEFAULTS: Record<CatalogKind, Record<string, unknown>> = {
  products: { order: 1, status: 'draft', specs: [], key_features: [], applications: [], images: [], related: [] },
  product_lines: { order: 1, featured: false, color: '#0b3d6e' },
  datasheets: { order: 1 },
  software: { order: 1 },
};

export function CatalogForm({ kind }: { kind: CatalogKind }) {
  const record = useRecordContext();
  return (
    <SimpleForm
      record={record ? toForm(kind, record) : undefined}
      defaultValues={record ? undefined : toForm(kind, DEFAULTS[kind])}
      validate={(values) => validateCatalog(kind, values)}
    >
      <CatalogFields kind={kind} />
      {kind === 'products' ? <ProductPreviewButton /> : null}
    </SimpleForm>
  );
}
