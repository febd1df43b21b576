/** A valid contact message, as the public form would send it. */
export function contactMessage(): Record<string, string> {
  return {
    name: 'Maria Cliente',
    email: 'maria@exemplo.com.br',
    phone: '(47) 99999-0000',
    company: 'Máquinas Ltda',
    has_machine: 'sim',
    volume: '11-25',
    interest: 'produtos',
    message: 'Gostaria de um orçamento para 20 controladores.',
  };
}
