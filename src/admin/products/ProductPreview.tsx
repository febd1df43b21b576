/**
 * 'Pré-visualizar' on a product's form: its page as the site will show it, rendered by
 * the site's own components in the publisher from the form's values (POST
 * /api/site/preview/product, pb_hooks/preview.pb.js), in the site's frame
 * (src/admin/common/SitePreview.tsx). Links in it go nowhere: it is a picture of the page.
 */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PreviewButton, SitePreviewFrame } from '../common/SitePreview';
import { toBody } from '../catalog/catalogForm';
import { useAdminDataProvider } from '../dataProvider';
import { reasonOf } from '../errors';

function ProductPreviewFrame({ values, height }: { values: Record<string, unknown>; height: number | string }) {
  const dataProvider = useAdminDataProvider();
  const body = toBody('products', values);
  const query = useQuery({
    queryKey: ['product-preview', JSON.stringify(body)],
    queryFn: ({ signal }) => dataProvider.renderProductPreview(body, { signal }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
        {query.isPending ? 'Gerando a pré-visualização…' : query.isSuccess ? 'Como a página do produto ficará no site.' : ''}
      </Typography>
      {query.isError && (
        <Alert severity="warning" role="alert" sx={{ mb: 1 }}>
          Não foi possível gerar a pré-visualização: {reasonOf(query.error)}
        </Alert>
      )}
      <SitePreviewFrame title="Pré-visualização do produto" height={height}>
        <style>{query.data?.css ?? ''}</style>
        {/* The publisher's HTML: the site's components, from values the server checked. */}
        <main onClick={(event) => event.preventDefault()} dangerouslySetInnerHTML={{ __html: query.data?.html ?? '' }} />
      </SitePreviewFrame>
    </>
  );
}

export function ProductPreviewButton() {
  return <PreviewButton render={(values, height) => <ProductPreviewFrame values={values} height={height} />} />;
}
