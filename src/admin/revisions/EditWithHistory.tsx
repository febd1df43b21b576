/**
 * The edit view of a record staff open from a list (a menu, a testimonial, an FAQ
 * entry): its form and its 'Histórico' (src/admin/revisions/EditTabs.tsx), with a
 * post's guard against a silent overwrite (VersionedEdit); a save goes back to the list.
 */
import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { Title, useRecordContext, type RaRecord } from 'react-admin';
import { EditTabs } from './EditTabs';
import { VersionedEdit } from './VersionedEdit';
import type { VersionedResource } from './versionFields';

type Transform = (values: Record<string, unknown>) => Record<string, unknown>;

function View({
  resource,
  title,
  children,
}: {
  resource: VersionedResource;
  title: (record: RaRecord) => string;
  children: ReactNode;
}) {
  const record = useRecordContext();
  if (!record) return null;
  const name = title(record);
  return (
    <Card sx={{ mt: 1 }}>
      <Title title={name} />
      <EditTabs resource={resource} label={name}>
        {children}
      </EditTabs>
    </Card>
  );
}

export function EditWithHistory({
  resource,
  title,
  transform = (values) => values,
  children,
}: {
  resource: VersionedResource;
  /** The screen's title for the record ('Editar pergunta'). */
  title: (record: RaRecord) => string;
  transform?: Transform;
  children: ReactNode;
}) {
  return (
    <VersionedEdit resource={resource} transform={transform} backToList>
      <View resource={resource} title={title}>
        {children}
      </View>
    </VersionedEdit>
  );
}
