/** A new page: the form of src/admin/pages/PageForm.tsx, saved as a draft or published. */
import { Create } from 'react-admin';
import { PageForm } from './PageForm';
import { toPageBody, type PageFormValues } from './pageRules';

export default function PageCreate() {
  return (
    <Create
      title="Nova Página"
      redirect="edit"
      transform={(values: PageFormValues) => toPageBody(values)}
      // Visible overflow: the preview beside the form stays in view as the page scrolls (PageForm.tsx).
      sx={{ '& .RaCreate-card': { overflow: 'visible' } }}
    >
      <PageForm isNew />
    </Create>
  );
}
