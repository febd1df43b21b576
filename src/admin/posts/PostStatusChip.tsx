/** A post's status in pt-BR: Rascunho, Em revisão, Publicado, Agendado. */
import { StatusChip } from '../common/StatusChip';
import { statusLabel } from './postRules';

export function PostStatusChip({ status }: { status: string }) {
  return <StatusChip status={status} label={statusLabel(status)} />;
}
