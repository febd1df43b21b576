import { Create } from 'react-admin';
import { FaqForm } from './FaqForm';

export default function FaqCreate() {
  return (
    <Create title="Nova pergunta" redirect="list">
      <FaqForm />
    </Create>
  );
}
