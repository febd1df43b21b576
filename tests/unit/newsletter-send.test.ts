/**
 * The newsletter send as the admin shows it (src/admin/sends/sendStatus.ts) and
 * the e-mail template the site build hands the server (src/lib/blog/newsletter-email.ts).
 */
import { describe, expect, test } from 'vitest';
import { siteWith } from '../../src/config/site';
import { audienceText, isRunning, progressPercent, progressText } from '../../src/admin/sends/sendStatus';
import { PLACEHOLDERS, newsletterTemplate } from '../../src/lib/blog/newsletter-email';

describe('send progress', () => {
  test('counts in pt-BR, with failures and addresses that left only when there are any', () => {
    expect(progressText({ total: 5000, sent: 2500 })).toBe('2.500 de 5.000 enviados');
    expect(progressText({ total: 10, sent: 7, failed: 1, skipped: 2 })).toBe(
      '7 de 10 enviados · 1 falha · 2 cancelaram a inscrição antes',
    );
    expect(progressText({ total: 3, sent: 1, failed: 2, skipped: 1 })).toBe(
      '1 de 3 enviados · 2 falhas · 1 cancelou a inscrição antes',
    );
  });

  test('the percentage counts every finished delivery and never passes 100', () => {
    expect(progressPercent({ total: 4, sent: 1, failed: 1 })).toBe(50);
    expect(progressPercent({ total: 4, sent: 5 })).toBe(100);
    expect(progressPercent({ total: 0, status: 'done' })).toBe(100);
    expect(progressPercent({ total: 0, status: 'queued' })).toBe(0);
  });

  test('queued and sending are running; the rest are not', () => {
    expect(['queued', 'sending'].map((status) => isRunning({ status }))).toEqual([true, true]);
    expect(['done', 'failed', 'cancelled'].map((status) => isRunning({ status }))).toEqual([false, false, false]);
    expect(isRunning(undefined)).toBe(false);
  });

  test('the dialog says who receives the post and who already had it', () => {
    expect(audienceText({ confirmed: 0, toSend: 0, alreadySent: 0 })).toBe('Ainda não há inscritos confirmados na newsletter.');
    expect(audienceText({ confirmed: 3, toSend: 0, alreadySent: 3 })).toBe(
      'Todos os inscritos confirmados já receberam este post.',
    );
    expect(audienceText({ confirmed: 1, toSend: 1, alreadySent: 0 })).toBe('Será enviado para 1 inscrito confirmado.');
    expect(audienceText({ confirmed: 1200, toSend: 200, alreadySent: 1000 })).toBe(
      'Será enviado para 200 inscritos confirmados. 1.000 inscritos já receberam este post e não o recebem de novo.',
    );
  });
});

describe('e-mail template', () => {
  const site = siteWith({ contact_email: 'contato@exemplo.com.br' });
  const template = newsletterTemplate(site);

  test('has every placeholder the server fills, the unsubscribe link in both parts, and the company footer', () => {
    for (const name of PLACEHOLDERS.filter((name) => !['cover', 'image_url', 'image_alt'].includes(name))) {
      expect(template.html, name).toContain(`{{${name}}}`);
    }
    expect(template.html).toContain('{{cover}}');
    expect(template.coverHtml).toContain('src="{{image_url}}" alt="{{image_alt}}"');
    expect(template.text).toContain('Cancelar inscrição: {{unsubscribe_url}}');
    expect(template.html).toContain('<a href="{{unsubscribe_url}}"');
    expect(template.html).toContain('Operium Eletrônica Industrial Ltda.');
    expect(template.text).toContain('Jaraguá do Sul – SC');
    expect(template.subject).toBe('{{title}} | Operium');
    // One address for every link, the server's: none is written into the template.
    expect(`${template.html}${template.text}`).not.toMatch(/https?:\/\/(?!schemas|www\.w3)/);
    expect(template.html).toContain('<a href="{{origin}}" style="color:#475569;">{{origin_host}}</a>');
    // No placeholder the server does not know.
    const names = [
      ...`${template.html}${template.text}${template.subject}${template.coverHtml}`.matchAll(/\{\{([a-z_]+)\}\}/g),
    ].map((match) => match[1]);
    expect(names.filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name!))).toEqual([]);
  });
});
