/**
 * The 'Privacidade' screen's words for data-subject requests (src/admin/privacy/summary.ts):
 * the counts of a request, what an erasure did, and when there is anything to erase.
 */
import { describe, expect, test } from 'vitest';
import {
  actionLabel,
  countsText,
  erasureText,
  hasErasable,
  holdingsCounts,
  type PrivacyHoldings,
} from '../../src/admin/privacy/summary';

const none: PrivacyHoldings = {
  contactMessages: [],
  comments: [],
  newsletter: null,
  staffAccount: null,
  notes: { analytics: 'O analytics do site não guarda dados pessoais.', staff: '' },
};

describe('privacy request words', () => {
  test('actions in pt-BR', () => {
    expect(['lookup', 'export', 'erase'].map(actionLabel)).toEqual(['Consulta', 'Exportação', 'Exclusão']);
  });

  test('counts leave out zeros and agree in number', () => {
    expect(countsText({ contactMessages: 1, comments: 2, newsletter: 0, staffAccount: 0 })).toBe(
      '1 mensagem de contato, 2 comentários',
    );
    expect(countsText({ newsletter: 1, staffAccount: 1, auditEntries: 3 })).toBe(
      '1 inscrição na newsletter, 1 conta da equipe, 3 entradas da auditoria',
    );
    expect(countsText({ contactMessages: 0 })).toBe('nada encontrado');
    expect(countsText(null, 'nada')).toBe('nada');
  });

  test('an erasure says what was deleted, anonymised and stripped', () => {
    expect(erasureText({ contactMessages: 1, newsletter: 1, comments: 1, auditEntries: 2 }, 'remove')).toBe(
      '1 mensagem de contato apagada; inscrição na newsletter apagada; 1 comentário anonimizado, com o texto removido; 2 entradas da auditoria sem dados pessoais.',
    );
    expect(erasureText({ contactMessages: 2, newsletter: 0, comments: 3, auditEntries: 0 }, 'keep')).toBe(
      '2 mensagens de contato apagadas; 3 comentários anonimizados, com o texto mantido.',
    );
    expect(erasureText({ contactMessages: 0, newsletter: 0, comments: 0, auditEntries: 0 }, 'keep')).toBe(
      'Nada a excluir: nenhum registro com este e-mail.',
    );
  });

  test('a staff account alone is nothing to erase here', () => {
    const staffOnly = { ...none, staffAccount: { id: 'u1', full_name: 'Ana', role: 'admin', is_active: true } };
    expect(hasErasable(none)).toBe(false);
    expect(hasErasable(staffOnly)).toBe(false);
    expect(holdingsCounts(staffOnly)).toEqual({ contactMessages: 0, comments: 0, newsletter: 0, staffAccount: 1 });
    const subscribed = {
      ...none,
      newsletter: {
        id: 's1',
        created: '',
        email: 'a@b.com',
        status: 'confirmed',
        source: '/blog',
        consented_at: '',
        confirmed_at: '',
        confirmed_ip: '',
        unsubscribed_at: '',
      },
    };
    expect(hasErasable(subscribed)).toBe(true);
  });
});
