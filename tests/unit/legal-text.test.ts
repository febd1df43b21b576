/**
 * The privacy policy states the periods the system applies (src/lib/forms/legal-text.ts):
 * every {{figure}} it names is filled from the settings and the forms' rules, and a
 * name without a value fails the build instead of printing braces.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import forms from '../../shared/public-forms.json';
import { siteWith } from '../../src/config/site';
import { fillLegalText, legalFigures } from '../../src/lib/forms/legal-text';

const policy = readFileSync('src/content/legal/politica-privacidade.md', 'utf8');

describe('the privacy policy', () => {
  test('states the contact retention set in Configurações, else the default, and the newsletter periods', () => {
    const filled = fillLegalText(policy, legalFigures(siteWith({ contact_retention_months: '18' })));
    expect(filled).toContain('no máximo 18 meses após o envio');
    expect(filled).not.toMatch(/\{\{|\}\}/);
    const byDefault = fillLegalText(policy, legalFigures(siteWith({})));
    expect(byDefault).toContain(`no máximo ${forms.forms.contact_messages.retentionMonths.default} meses após o envio`);
    expect(byDefault).toContain(`válido por ${forms.newsletter.confirmDays} dias`);
    expect(byDefault).toContain(`excluído em ${forms.newsletter.pendingDays} dias`);
  });

  test('a figure without a value fails instead of printing braces', () => {
    expect(() => fillLegalText('Guardamos por {{prazo_inventado}} meses.', legalFigures(siteWith({})))).toThrow(
      'valor desconhecido {{prazo_inventado}}',
    );
  });
});
