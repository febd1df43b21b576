/** A frequently asked question: the question, its answer and its place in the list. */
import { SimpleForm } from 'react-admin';
import { PieceFields, validatePiece } from '../common/PieceFields';

export function FaqForm() {
  return (
    <SimpleForm validate={(values) => validatePiece('faq_entries', values)} defaultValues={{ order: 1 }}>
      <PieceFields kind="faq_entries" />
    </SimpleForm>
  );
}
