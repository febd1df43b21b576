/**
 * The text fields of a piece the site's pages share (a testimonial, an FAQ entry),
 * generated from shared/site-pieces.js with its limits (its labels reach the i18n
 * messages from there too: src/admin/i18n/resources.ts), plus its order; and
 * the form's check with the same rule the server applies (pb_hooks/lib/pieces/pieces.js).
 */
import { NumberInput, TextInput } from 'react-admin';
import { TESTIMONIAL_GROUPS } from '../../../shared/page-sections.js';
import { PIECES, PIECE_ORDER, pieceProblems } from '../../../shared/site-pieces.js';

export type PieceKind = keyof typeof PIECES;

/** Long texts get a multi-line box. */
const MULTILINE_FROM = 200;

export function PieceFields({ kind }: { kind: PieceKind }) {
  const fields = PIECES[kind].fields as Record<string, { max: number }>;
  return (
    <>
      {Object.entries(fields).map(([name, field]) => (
        <TextInput
          key={name}
          source={name}
          multiline={field.max >= MULTILINE_FROM}
          minRows={field.max >= MULTILINE_FROM ? 3 : undefined}
          helperText={`Até ${field.max} caracteres.`}
          fullWidth
        />
      ))}
      <NumberInput source="order" min={PIECE_ORDER.min} max={PIECE_ORDER.max} step={1} helperText="1 aparece primeiro." />
    </>
  );
}

/** The form's errors, in pt-BR: the sentences the server would answer. */
export function validatePiece(kind: PieceKind, values: Record<string, unknown>): Record<string, string> {
  const problems = pieceProblems(kind, kind === 'testimonials' ? { ...values, group: values.page } : values, TESTIMONIAL_GROUPS);
  if (problems.group) {
    problems.page = problems.group;
    delete problems.group;
  }
  return problems;
}
