/** A page's status in pt-BR: Rascunho, Em revisão, Publicada, Agendada. */
import { StatusChip } from '../common/StatusChip';
import { pageStatusLabel } from './pageRules';

export function PageStatusChip({ status }: { status: string }) {
  return <StatusChip status={status} label={pageStatusLabel(status)} />;
}
