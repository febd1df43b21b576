/**
 * Site settings drive PocketBase's mailer: saved SMTP keys reach the mail settings,
 * the SMTP password is never readable, and a password-reset e-mail really arrives
 * at a real SMTP server with a link to the admin's reset screen.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newClient, signIn, startStaffServer, statusOf, type StaffServer } from '../helpers/staff';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../helpers/smtp-sink';

const SITE = 'https://painel.exemplo.com.br';
let s: StaffServer;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  s = await startStaffServer({ unthrottledLoopback: true, env: { PUBLIC_SITE_URL: SITE } });
  await useSmtpSink(s.admin.client, sink, { user: 'mailer', password: 'segredo-smtp-123' });
});
afterAll(async () => {
  await s?.stop();
  await sink?.stop();
});

describe('SMTP settings', () => {
  test('anyone may ask whether the panel sends e-mails, and the answer follows the SMTP host', async () => {
    const mail = async () => (await fetch(`${s.server.url}/api/site/mail`)).json();
    expect(await mail()).toEqual({ enabled: true });
    const host = await s.admin.client.collection('public_site_settings').getFirstListItem('key = "smtp_host"');
    await s.admin.client.collection('public_site_settings').update(host.id, { value: '' });
    expect(await mail()).toEqual({ enabled: false });
    await s.admin.client.collection('public_site_settings').update(host.id, { value: '127.0.0.1' });
    expect(await mail()).toEqual({ enabled: true });
  });

  test('saving the smtp_* keys configures the mailer', async () => {
    const { smtp, meta } = await s.superuser.settings.getAll();
    expect(smtp).toMatchObject({ enabled: true, host: '127.0.0.1', port: sink.port, username: 'mailer' });
    expect(meta.appURL).toBe(SITE);
  });

  test('the SMTP password can never be read back, not even by an admin', async () => {
    const row = await s.admin.client.collection('public_site_settings').getFirstListItem('key = "smtp_password"');
    expect(row.value).toBe('');
    const raw = await s.superuser.collection('public_site_settings').getFirstListItem('key = "smtp_password"');
    expect(raw.value).toBe('');
    const visitor = await newClient(s.server).collection('public_site_settings').getFullList();
    expect(visitor.map((setting) => setting.key).filter((key) => key.startsWith('smtp'))).toEqual([]);
    expect(visitor.map((setting) => setting.key)).toContain('site_title');
  });
});

describe('password reset by e-mail', () => {
  test('arrives through the configured SMTP server and its link resets the password', async () => {
    const email = 'editor@exemplo.com.br';
    await newClient(s.server).collection('users').requestPasswordReset(email);
    const message = await sink.waitFor(email);
    expect(message.auth).toEqual({ username: 'mailer', password: 'segredo-smtp-123' });
    const body = message.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain('Redefini');
    const link = body.match(/https:\/\/painel\.exemplo\.com\.br\/admin\/reset-password\?token=([\w.-]+)/);
    expect(link, 'o link aponta para /admin/reset-password').not.toBeNull();

    await newClient(s.server).collection('users').confirmPasswordReset(link![1]!, 'Senha-Nova-2026', 'Senha-Nova-2026');
    expect(await statusOf(signIn(s.server, email, 'Senha-Nova-2026'))).toBe(200);
  });
});

describe('links in e-mails without PUBLIC_SITE_URL', () => {
  test("point at the address this server listens on, never at a forged Host, and an operator's choice stays", async () => {
    // No PORT: the server is started by `serve --http` on a free port, not by npm start.
    const local = await startStaffServer({ unthrottledLoopback: true, env: { PUBLIC_SITE_URL: '' } });
    const own = local.server.url.replace(/\/+$/, '');
    expect(own).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    try {
      await useSmtpSink(local.admin.client, sink, { user: 'mailer', password: 'segredo-smtp-123' });
      expect((await local.superuser.settings.getAll()).meta.appURL).toBe(own);
      const email = 'autor@exemplo.com.br';
      const response = await fetch(`${local.server.url}/api/collections/users/request-password-reset`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Host: 'site-do-atacante.example' },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(204);
      const body = (await sink.waitFor(email)).raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(body).toContain(`${own}/admin/reset-password?token=`);
      expect(body).not.toContain('site-do-atacante');

      // An address set in PocketBase's dashboard survives a restart.
      await local.superuser.settings.update({ meta: { appURL: 'https://painel.minhaempresa.com.br' } });
      await local.server.restart();
      expect((await local.superuser.settings.getAll()).meta.appURL).toBe('https://painel.minhaempresa.com.br');
    } finally {
      await local.stop();
    }
  });
});
