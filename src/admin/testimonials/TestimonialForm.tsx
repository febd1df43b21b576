/**
 * A customer testimonial: who said it, where they work, the quote, the page whose list
 * shows it (the `testimonials` sections choose a page's list) and its place there.
 */
import { RadioButtonGroupInput, SimpleForm } from 'react-admin';
import { TESTIMONIAL_GROUPS } from '../../../shared/page-sections.js';
import { PieceFields, validatePiece } from '../common/PieceFields';

const PAGE_CHOICES = TESTIMONIAL_GROUPS.map((group) => ({ id: group.value, name: group.label }));

export function TestimonialForm() {
  return (
    <SimpleForm validate={(values) => validatePiece('testimonials', values)} defaultValues={{ page: 'clientes', order: 1 }}>
      <PieceFields kind="testimonials" />
      <RadioButtonGroupInput source="page" label="resources.testimonials.fields.shown_in" choices={PAGE_CHOICES} />
    </SimpleForm>
  );
}
