/**
 * The newsletter e-mail of a post, as a template the server fills
 * (pb_hooks/lib/newsletter/send.js reads it from the built site, /newsletter/modelo-email.json):
 * the company's identity and the design live here, beside the site's; the post's
 * fields and each recipient's unsubscribe link are placeholders. E-mail clients ignore
 * stylesheets and most layout CSS, hence one centred table with inline styles.
 * The site's address is a placeholder too: the server puts in the one address every link
 * of its e-mails uses (the confirmation's and the unsubscribe link's included), so an
 * e-mail never mixes the production domain with this server's.
 */
import { formatAddress, type Site } from '../../config/site';

/** What the server puts in: `{{name}}`, HTML-escaped in the HTML (the link, per recipient, by server/newsletter). */
export const PLACEHOLDERS = [
  'title',
  'excerpt',
  'url',
  'date',
  'image_url',
  'image_alt',
  'cover',
  'unsubscribe_url',
  'origin',
  'origin_host',
] as const;

export interface NewsletterTemplate {
  subject: string;
  html: string;
  /** The cover's block, put at `{{cover}}` when the post has a picture mail clients show (not SVG). */
  coverHtml: string;
  text: string;
}

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function newsletterTemplate(site: Site): NewsletterTemplate {
  const name = escape(site.name);
  const footer = `${site.legalName} · ${formatAddress(site.address)}`;
  const why = `Você recebe este e-mail porque confirmou a inscrição na newsletter da ${site.name}.`;
  const html = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{title}}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#1e293b;">
<tr><td style="padding:20px 28px;background:${site.themeColor};border-radius:8px 8px 0 0;color:#ffffff;font-size:20px;font-weight:bold;">${name}</td></tr>
{{cover}}
<tr><td style="padding:24px 28px 8px;">
<p style="margin:0 0 8px;font-size:13px;color:#475569;">{{date}}</p>
<h1 style="margin:0 0 12px;font-size:24px;line-height:1.3;color:#0f172a;">{{title}}</h1>
<p style="margin:0 0 20px;font-size:16px;line-height:1.5;">{{excerpt}}</p>
<p style="margin:0 0 24px;"><a href="{{url}}" style="display:inline-block;padding:12px 20px;background:${site.themeColor};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">Ler o artigo</a></p>
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.5;color:#475569;">
<p style="margin:0 0 8px;">${escape(why)}</p>
<p style="margin:0 0 8px;">${escape(footer)} · <a href="{{origin}}" style="color:#475569;">{{origin_host}}</a></p>
<p style="margin:0;"><a href="{{unsubscribe_url}}" style="color:#475569;">Cancelar inscrição</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const coverHtml =
    '<tr><td><img src="{{image_url}}" alt="{{image_alt}}" width="600" style="display:block;width:100%;max-width:600px;height:auto;border:0;"></td></tr>';
  const text = [
    '{{title}}',
    '{{date}}',
    '',
    '{{excerpt}}',
    '',
    'Leia o artigo: {{url}}',
    '',
    '--',
    why,
    `${footer} · {{origin}}`,
    'Cancelar inscrição: {{unsubscribe_url}}',
    '',
  ].join('\n');
  return { subject: `{{title}} | ${site.name}`, html, coverHtml, text };
}
