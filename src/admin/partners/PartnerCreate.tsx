import { Create } from 'react-admin';
import { PartnerForm, partnerBody } from './PartnerForm';

export default function PartnerCreate() {
  return (
    <Create title="Novo parceiro" redirect="list" transform={partnerBody}>
      <PartnerForm />
    </Create>
  );
}
