import { Edit } from 'react-admin';
import { TestimonialForm } from './TestimonialForm';

export default function TestimonialEdit() {
  return (
    <Edit title="Editar depoimento" mutationMode="pessimistic" redirect="list">
      <TestimonialForm />
    </Edit>
  );
}
