import { Edit } from 'react-admin';
import { FaqForm } from './FaqForm';

export default function FaqEdit() {
  return (
    <Edit title="Editar pergunta" mutationMode="pessimistic" redirect="list">
      <FaqForm />
    </Edit>
  );
}
