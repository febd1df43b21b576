import { EditWithHistory } from '../revisions/EditWithHistory';
import { FaqForm } from './FaqForm';

export default function FaqEdit() {
  return (
    <EditWithHistory resource="faq" title={() => 'Editar pergunta'}>
      <FaqForm />
    </EditWithHistory>
  );
}
