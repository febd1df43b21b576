/**
 * The legal texts' figures that the system decides (how long data is kept, how long a
 * link lasts), written in the Markdown as {{name}} and filled from the same settings
 * and rules the server applies, so the policy never says what the system does not do.
 */
import forms from '../../../shared/public-forms.json';
import type { Site } from '../../config/site';

/** The values a legal text may name, from the site's settings and the forms' rules. */
export function legalFigures(site: Pick<Site, 'contactRetentionMonths'>): Record<string, string> {
  return {
    contato_retencao_meses: String(site.contactRetentionMonths ?? forms.forms.contact_messages.retentionMonths.default),
    newsletter_confirmacao_dias: String(forms.newsletter.confirmDays),
    newsletter_pendente_dias: String(forms.newsletter.pendingDays),
  };
}

/**
 * The text with each {{name}} replaced.
 * @throws when it names a figure there is no value for (a typo would print braces)
 */
export function fillLegalText(markdown: string, figures: Record<string, string>): string {
  return markdown.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (token, name: string) => {
    const value = figures[name];
    if (value === undefined) throw new Error(`Texto legal: valor desconhecido ${token}`);
    return value;
  });
}
