/**
 * Where a product is linked or shown (pb_hooks/lib/catalog/usage.js): 'Usado em: Post "X"
 * (Publicado), Menu "Menu do topo", Produto "Y" (relacionado)', each a link to where it is
 * edited. Shown by the delete confirmation, which the server refuses while the list is
 * not empty; read only by admins and editors (the server's rule).
 */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useRecordContext } from 'react-admin';
import { PRODUCT_STATUSES } from '../../../shared/catalog.js';
import { AdminLink } from '../common/AdminLink';
import { useAdminDataProvider, type ProductUse } from '../dataProvider';
import { reasonOf } from '../errors';
import { PAGE_STATUS_LABELS, type PageStatus } from '../pages/pageRules';
import { statusLabel } from '../posts/postRules';

/** @example usageText({ kind: 'post', id: 'p1', title: 'X', status: 'published' }) // 'Post "X" (Publicado)' */
function usageText(use: ProductUse): string {
  if (use.kind === 'post') return `Post "${use.title}" (${statusLabel(use.status)})`;
  if (use.kind === 'page') return `Página "${use.title}" (${PAGE_STATUS_LABELS[use.status as PageStatus] ?? use.status})`;
  if (use.kind === 'menu') return `Menu "${use.title}"`;
  const status = PRODUCT_STATUSES.find((option) => option.value === use.status)?.label ?? use.status;
  return `Produto "${use.title}" (${status}), entre os relacionados`;
}

const pathOf = (use: ProductUse) => (use.kind === 'menu' ? '/menus' : `/${use.kind}s/${use.id}`);

/** The delete confirmation's text: what deleting does, and where the product is used (then it cannot be deleted yet). */
export function ProductDeleteConfirm() {
  const record = useRecordContext();
  const dataProvider = useAdminDataProvider();
  const headingId = useId();
  const id = String(record?.id ?? '');
  const usage = useQuery({
    queryKey: ['product-usage', id],
    queryFn: async () => (await dataProvider.productUsage(id)).usage,
    staleTime: 0,
    enabled: id !== '',
  });
  if (usage.error) {
    return (
      <Typography variant="body2" color="error">
        Não foi possível verificar onde o produto é usado: {reasonOf(usage.error)}
      </Typography>
    );
  }
  if (usage.isPending) return <Typography variant="body2">Verificando onde o produto é usado...</Typography>;
  if (usage.data.length === 0) {
    return (
      <Typography variant="body2">
        O produto sai do site na próxima publicação e fica 30 dias em Produtos excluídos, de onde pode ser restaurado.
      </Typography>
    );
  }
  return (
    <>
      <Typography id={headingId} variant="body2" sx={{ fontWeight: 600 }}>
        Este produto não pode ser excluído enquanto for usado em:
      </Typography>
      <Typography component="ul" variant="body2" aria-labelledby={headingId} sx={{ m: 0, pl: 3 }}>
        {usage.data.map((use) => (
          <li key={`${use.kind}-${use.id}`}>
            <Link component={AdminLink} to={pathOf(use)}>
              {usageText(use)}
            </Link>
          </li>
        ))}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Tire o link ou a relação em cada lugar e tente de novo.
      </Typography>
    </>
  );
}
