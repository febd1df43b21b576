import { EditWithHistory } from '../revisions/EditWithHistory';
import { TestimonialForm } from './TestimonialForm';

export default function TestimonialEdit() {
  return (
    <EditWithHistory resource="testimonials" title={() => 'Editar depoimento'}>
      <TestimonialForm />
    </EditWithHistory>
  );
}
