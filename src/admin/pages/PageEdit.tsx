/**
 * Editing a page: the same form as a new one (src/admin/pages/PageForm.tsx), its
 * 'Histórico' beside it, and the same guards as a post's: no silent overwrite,
 * unsaved changes kept in this browser.
 */
import Card from '@mui/material/Card';
import { Title, useRecordContext } from 'react-admin';
import { EditTabs } from '../revisions/EditTabs';
import { VersionedEdit } from '../revisions/VersionedEdit';
import { PageForm } from './PageForm';
import { toPageBody, type PageFormValues } from './pageRules';

function PageEditView() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    // Visible overflow: the preview beside the form stays in view as the page scrolls (PageForm.tsx).
    <Card sx={{ mt: 1, overflow: 'visible' }}>
      <Title title={`Editar página: ${String(record.name)}`} />
      <EditTabs resource="pages" label="Seções da página">
        <PageForm isNew={false} />
      </EditTabs>
    </Card>
  );
}

export default function PageEdit() {
  return (
    <VersionedEdit resource="pages" transform={(values) => toPageBody(values as PageFormValues)}>
      <PageEditView />
    </VersionedEdit>
  );
}
