/**
 * What a sign-up truthfully leads to, by the server's rules (pb_hooks/accounts.pb.js): the
 * very first account becomes the active administrator; every later one starts inactive
 * until an administrator activates it. A confirmation e-mail goes out only when the panel
 * can send e-mails (/api/site/mail).
 */
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useAdminAuth } from '../authProvider';

export const FIRST_ADMIN_NOTICE = 'O primeiro usuário cadastrado se torna administrador automaticamente.';
export const ACTIVATION_NOTICE = 'Novas contas começam inativas: um administrador precisa ativar a sua antes do primeiro acesso.';

/** What a sign-up that made an inactive account is told, with or without a confirmation e-mail. */
export function signedUpText(mailEnabled: boolean): string {
  const activation = 'Um administrador precisa ativar sua conta antes do primeiro acesso.';
  return mailEnabled ? `Verifique seu e-mail para confirmar o endereço. ${activation}` : activation;
}

/**
 * Whether the next sign-up is the first account, and whether e-mail works. Unknown (the
 * question failed) reads as the common case: a later, inactive account, no e-mail promised.
 */
export function useSignUpFacts() {
  const auth = useAdminAuth();
  const first = useQuery({ queryKey: ['first-account'], queryFn: () => auth.firstAccount() });
  const mail = useQuery({ queryKey: ['mail-enabled'], queryFn: () => auth.mailEnabled() });
  return {
    known: !first.isPending,
    firstAccount: first.data === true,
    mailEnabled: mail.data === true,
    /** After a sign-up, the next one is no longer the first. */
    refresh: () => void first.refetch(),
  };
}

/** The sign-up form's notice: administrator at once, or activation by an administrator. */
export function SignUpNotice() {
  const { known, firstAccount } = useSignUpFacts();
  if (!known) return null;
  return (
    <Alert severity="info" data-first-account={firstAccount}>
      {firstAccount ? FIRST_ADMIN_NOTICE : ACTIVATION_NOTICE}
    </Alert>
  );
}
