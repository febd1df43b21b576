import { describe, expect, test } from 'vitest';
import { attemptsLabel, initialAttempts, nextAttempts } from '../../src/admin/auth/loginAttempts';
import {
  PASSWORD_MESSAGES,
  registerFormError,
  secureInput,
  signUpPasswordError,
  temporaryPassword,
} from '../../src/admin/auth/passwordRules';
import { DENIED_MESSAGES, canAccessArea } from '../../src/admin/access';
import type { Actor } from '../../src/lib/permissions';

describe('the login attempt counter', () => {
  test('counts failures as n/5, caps at 5 and resets on success', () => {
    let state = initialAttempts;
    state = nextAttempts(state, 'failure');
    state = nextAttempts(state, 'failure');
    expect(attemptsLabel(state)).toBe('Tentativas de login: 2/5');
    for (let i = 0; i < 10; i++) state = nextAttempts(state, 'failure');
    expect(attemptsLabel(state)).toBe('Tentativas de login: 5/5');
    expect(state.blocked).toBe(false);
    expect(nextAttempts(state, 'success')).toEqual(initialAttempts);
  });

  test('shows the block only when the server refuses (429)', () => {
    const blocked = nextAttempts(initialAttempts, 'blocked');
    expect(blocked.blocked).toBe(true);
    expect(attemptsLabel(blocked)).toBe('Tentativas de login: 5/5');
  });
});

describe('password rules', () => {
  test('sign-up: 8 characters, mixed case and a digit, confirmation equal', () => {
    expect(signUpPasswordError('Ab1', 'Ab1')).toBe(PASSWORD_MESSAGES.short);
    expect(signUpPasswordError('abcdefgh1', 'abcdefgh1')).toBe(PASSWORD_MESSAGES.weak);
    expect(signUpPasswordError('ABCDEFGH1', 'ABCDEFGH1')).toBe(PASSWORD_MESSAGES.weak);
    expect(signUpPasswordError('Abcdefghi', 'Abcdefghi')).toBe(PASSWORD_MESSAGES.weak);
    expect(signUpPasswordError('Abcdefg1', 'Abcdefg2')).toBe('As senhas não coincidem');
    expect(signUpPasswordError('Abcdefg1', 'Abcdefg1')).toBeNull();
  });

  test("registration screen: every field, then the server's own rule (never the spec's 6 characters)", () => {
    const ok = { name: 'Ana', email: 'ana@exemplo.com.br', password: 'Abcdef12', confirmation: 'Abcdef12' };
    expect(registerFormError({ ...ok, name: '  ' })).toBe('Todos os campos são obrigatórios');
    expect(registerFormError({ ...ok, confirmation: 'Abcdef13' })).toBe('As senhas não coincidem');
    expect(registerFormError({ ...ok, password: 'abcdef', confirmation: 'abcdef' })).toBe(PASSWORD_MESSAGES.short);
    expect(registerFormError({ ...ok, password: 'abcdefgh', confirmation: 'abcdefgh' })).toBe(PASSWORD_MESSAGES.weak);
    expect(registerFormError(ok)).toBeNull();
  });

  test('secure input trims, drops < and > and cuts to the limit', () => {
    expect(secureInput('  <b>Ana</b>  ')).toBe('bAna/b');
    expect(secureInput('x'.repeat(150), 100)).toHaveLength(100);
  });

  test('temporary passwords are random and pass the server rule', () => {
    const first = temporaryPassword();
    const second = temporaryPassword();
    expect(first).not.toBe(second);
    expect(signUpPasswordError(first, first)).toBeNull();
    // Even with worst-case random bytes the rule holds.
    const zeros = temporaryPassword((n) => new Uint8Array(n));
    expect(signUpPasswordError(zeros, zeros)).toBeNull();
  });

  test('temporary passwords are random in full: no fixed part, anywhere', () => {
    const passwords = Array.from({ length: 50 }, () => temporaryPassword());
    expect(passwords.every((password) => password.length === 20 && signUpPasswordError(password, password) === null)).toBe(true);
    for (let position = 0; position < 20; position++) {
      expect(new Set(passwords.map((password) => password[position])).size, `posição ${position}`).toBeGreaterThan(5);
    }
  });
});

describe('admin areas per role', () => {
  const actor = (role: string, isActive = true): Actor => ({ id: `${role}-1`, role, isActive });
  const admin = actor('admin');
  const editor = actor('editor');
  const author = actor('author');

  test('match the spec sidebar table', () => {
    const visible = (who: Actor) =>
      (['users', 'posts', 'pages', 'media', 'audit', 'backups', 'privacy', 'settings'] as const).filter((area) =>
        canAccessArea(who, area, 'list'),
      );
    expect(visible(admin)).toEqual(['users', 'posts', 'pages', 'media', 'audit', 'backups', 'privacy', 'settings']);
    expect(visible(editor)).toEqual(['posts', 'pages', 'media']);
    expect(visible(author)).toEqual(['posts', 'media']);
    expect(visible(actor('admin', false))).toEqual([]);
  });

  test('follow record rules: authors edit only their own drafts and delete nothing', () => {
    expect(canAccessArea(author, 'posts', 'edit', { author: author.id, status: 'draft' })).toBe(true);
    expect(canAccessArea(author, 'posts', 'edit', { author: 'someone', status: 'draft' })).toBe(false);
    expect(canAccessArea(author, 'posts', 'edit', { author: author.id, status: 'published' })).toBe(false);
    expect(canAccessArea(author, 'posts', 'delete')).toBe(false);
    expect(canAccessArea(editor, 'posts', 'delete')).toBe(true);
    expect(canAccessArea(author, 'media', 'delete', { uploaded_by: author.id })).toBe(false);
    expect(canAccessArea(editor, 'newsletter', 'delete')).toBe(false);
  });

  test('the articles in git are read by every active role and changed by none', () => {
    for (const who of [admin, editor, author]) {
      expect(canAccessArea(who, 'git-articles', 'list')).toBe(true);
      for (const action of ['create', 'edit', 'delete']) expect(canAccessArea(who, 'git-articles', action)).toBe(false);
    }
    expect(canAccessArea(actor('editor', false), 'git-articles', 'list')).toBe(false);
  });

  test('have the spec denied texts', () => {
    expect(DENIED_MESSAGES.users).toBe('Você não tem permissão para gerenciar usuários.');
    expect(DENIED_MESSAGES.posts).toBe('Você não tem permissão para gerenciar posts.');
    expect(DENIED_MESSAGES.pages).toBe('Você não tem permissão para gerenciar páginas.');
    expect(DENIED_MESSAGES.media).toBe('Você não tem permissão para gerenciar mídia.');
    expect(DENIED_MESSAGES.settings).toBe('Você não tem permissão para acessar as configurações.');
    expect(DENIED_MESSAGES.audit).toBe('Você não tem permissão para acessar os logs de auditoria.');
    expect(DENIED_MESSAGES.privacy).toBe('Você não tem permissão para atender pedidos de titulares de dados.');
  });
});
