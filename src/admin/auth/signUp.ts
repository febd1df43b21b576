/** Self-registration, shared by the login screen's Cadastro tab and /admin/register. */
import { pb } from '../pocketbase';
import { secureInput } from './passwordRules';

/**
 * Creates the account (the server makes it an inactive author, or the first admin)
 * and asks for the confirmation e-mail, whose failure (no SMTP yet) does not undo it.
 */
export async function signUp(fields: { name: string; email: string; password: string; confirmation: string }) {
  const email = fields.email.trim();
  await pb.collection('users').create({
    email,
    password: fields.password,
    passwordConfirm: fields.confirmation,
    full_name: secureInput(fields.name, 100),
  });
  await pb
    .collection('users')
    .requestVerification(email)
    .catch(() => undefined);
}
