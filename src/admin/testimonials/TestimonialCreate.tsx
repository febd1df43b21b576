import { Create } from 'react-admin';
import { TestimonialForm } from './TestimonialForm';

export default function TestimonialCreate() {
  return (
    <Create title="Novo depoimento" redirect="list">
      <TestimonialForm />
    </Create>
  );
}
