import { describe, expect, test } from 'vitest';
import englishMessages from 'ra-language-english';
import { HttpError } from 'ra-core';
import { messages } from '../../src/admin/i18n';
import { describeError, fieldMessages, reasonOf } from '../../src/admin/errors';
import { tokenExpiry } from '../../src/admin/session';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe('admin interface texts', () => {
  test('translate every react-admin message key', () => {
    const ours = new Set(keys(messages));
    const missing = keys(englishMessages).filter((key) => !ours.has(key));
    expect(missing).toEqual([]);
  });

  test('give the spec success toasts', () => {
    const resources = messages.resources as Record<string, { notifications?: Record<string, string> }>;
    expect(resources.posts?.notifications?.created).toBe('Post criado com sucesso!');
    expect(resources.posts?.notifications?.deleted).toBe('Post excluído com sucesso!');
    expect(resources.pages?.notifications?.updated).toBe('Página atualizada com sucesso!');
    expect(resources.users?.notifications?.updated).toBe('Usuário atualizado com sucesso!');
    expect(resources.media?.notifications?.deleted).toBe('Arquivo excluído com sucesso!');
  });
});

describe('server errors in pt-BR', () => {
  const validation = {
    status: 400,
    response: {
      message: 'Failed to create record.',
      data: {
        slug: { code: 'validation_not_unique', message: 'Value must be unique.' },
        title: { code: 'x', message: 'O título é obrigatório.' },
      },
    },
  };

  test('prefix the spec text and translate PocketBase codes', () => {
    expect(fieldMessages(validation)).toEqual({
      slug: 'Já existe um registro com este valor.',
      title: 'O título é obrigatório.',
    });
    expect(describeError('posts', 'create', validation)).toMatch(/^Erro ao criar post: Slug: Já existe/);
    expect(
      describeError('audit', 'load', { status: 403, response: { message: 'Only superusers can perform this action.' } }),
    ).toBe('Erro ao carregar logs de auditoria: Você não tem permissão para esta ação.');
  });

  test('keep our hooks own pt-BR messages and name unreachable servers', () => {
    expect(
      reasonOf({ status: 400, response: { message: 'O último administrador ativo não pode ser rebaixado nem desativado.' } }),
    ).toBe('O último administrador ativo não pode ser rebaixado nem desativado.');
    expect(reasonOf({ status: 0 })).toBe('Não foi possível conectar ao servidor.');
    expect(reasonOf({ status: 502 })).toBe('Erro interno do servidor');
  });

  test('name fields as people know them, never by their API names', () => {
    const refused = {
      status: 400,
      response: {
        data: {
          password: { code: 'validation_password_rule', message: 'A senha deve conter pelo menos uma letra maiúscula.' },
          passwordConfirm: { code: 'validation_values_mismatch', message: "Values don't match." },
          email: { code: 'validation_is_email', message: 'Must be a valid email address.' },
          internal_flag: { code: 'validation_invalid_value', message: 'Invalid value.' },
        },
      },
    };
    const reason = reasonOf(refused);
    expect(reason).toBe(
      'Senha: A senha deve conter pelo menos uma letra maiúscula. Confirmação da senha: Os valores não coincidem. ' +
        'E-mail: E-mail inválido. Valor inválido.',
    );
    expect(reason).not.toMatch(/password|passwordConfirm|email|internal_flag/);
  });

  test('read the REST routes’ errors (react-admin’s HttpError from fetchJson) the same way', () => {
    expect(reasonOf(new HttpError('Backup não encontrado.', 404, { message: 'Backup não encontrado.', data: {} }))).toBe(
      'Backup não encontrado.',
    );
    expect(reasonOf(new HttpError('Forbidden', 403, { message: 'Only superusers can perform this action.' }))).toBe(
      'Você não tem permissão para esta ação.',
    );
    expect(reasonOf(new HttpError('Bad Request', 400, undefined))).toBe('Dados inválidos.');
    expect(reasonOf(new TypeError('Failed to fetch'))).toBe('Não foi possível conectar ao servidor.');
  });
});

describe('session tokens', () => {
  test('expiry comes from the token exp claim', () => {
    const payload = Buffer.from(JSON.stringify({ exp: 1_800_000_000 })).toString('base64url');
    expect(tokenExpiry(`x.${payload}.y`)).toBe(1_800_000_000_000);
    expect(tokenExpiry('garbage')).toBe(0);
  });
});
