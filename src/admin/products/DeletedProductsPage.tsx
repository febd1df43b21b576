/**
 * 'Produtos excluídos': the products deleted in the last 30 days (their history is kept
 * that long, pb_hooks/lib/revisions/revisions.js), each with who deleted it and when, and
 * 'Restaurar produto excluído', which creates it again as it was (same history; a
 * datasheet or related product deleted meanwhile is left out). Admins and editors only.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRedirect } from 'react-admin';
import { PRODUCT_STATUSES } from '../../../shared/catalog.js';
import { can } from '../../lib/permissions';
import { formatDateTime } from '../../lib/format';
import { TrashPage } from '../common/TrashPage';
import { useAdminDataProvider } from '../dataProvider';

interface DeletedProduct {
  id: string;
  name: string;
  model: string;
  slug: string;
  status: string;
  deleted_by: string;
  deleted_at: string;
}

const statusLabel = (status: string) => PRODUCT_STATUSES.find((option) => option.value === status)?.label ?? status;

export default function DeletedProductsPage() {
  const redirect = useRedirect();
  const dataProvider = useAdminDataProvider();
  return (
    <TrashPage<DeletedProduct>
      title="Produtos excluídos"
      resource="deleted-products"
      area="products"
      allowed={(actor) => can(actor, 'editor')}
      intro="Produtos excluídos nos últimos 30 dias podem ser restaurados com os textos, as imagens, o status e o histórico que tinham."
      loadError="Não foi possível carregar os produtos excluídos"
      empty="Nenhum produto foi excluído nos últimos 30 dias."
      testId="deleted-product"
      nameOf={(product) => `${product.model} ${product.name}`}
      restoreLabel="Restaurar produto excluído"
      restore={(product) => dataProvider.restoreDeletedProduct(product.id)}
      restored={(product) => `Produto "${product.name}" restaurado como estava ao ser excluído.`}
      restoreError="Não foi possível restaurar o produto"
      afterRestore={(product) => redirect('edit', 'products', product.id)}
    >
      {(product) => (
        <Stack sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {product.model} – {product.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            /produtos/{product.slug} · {statusLabel(product.status)} · excluído por {product.deleted_by || 'sistema'} em{' '}
            {formatDateTime(product.deleted_at)}
          </Typography>
        </Stack>
      )}
    </TrashPage>
  );
}
