import { EditWithHistory } from '../revisions/EditWithHistory';
import { PartnerForm, partnerBody } from './PartnerForm';

export default function PartnerEdit() {
  return (
    <EditWithHistory resource="partners" title={() => 'Editar parceiro'} transform={partnerBody}>
      <PartnerForm />
    </EditWithHistory>
  );
}
