/**
 * Secrets never reach the console. PocketBase turns dev mode on by itself when its
 * binary lives under the system temp dir (a checkout in /tmp), and dev mode prints
 * every SQL statement (password hashes, token keys, the SMTP password among their
 * values) and the e-mails it sends. Here the binary is copied under os.tmpdir() and
 * started the way `npm start` starts it (serveArgs, scripts/lib/pocketbase-process.mjs);
 * after a sign-up, sign-ins, an SMTP password saved and a password reset sent, its
 * output holds none of them.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolvePocketBase } from '../../scripts/pocketbase.mjs';
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/lib/pocketbase-process.mjs';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../helpers/smtp-sink';

const PASSWORD = 'Senha-Forte-123';
const SMTP_PASSWORD = `smtp-${randomBytes(8).toString('hex')}`;
/** What dev mode prints for each query: "[1.23ms] SELECT …". */
const SQL = /\[\d+(\.\d+)?ms\]|\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE TABLE)\b/;

let dir: string;
let bin: string;
let sink: SmtpSink;
let server: Awaited<ReturnType<typeof startPocketBase>>;
const superuser = { email: 'superuser-log@exemplo.com.br', password: randomBytes(18).toString('hex') };

beforeAll(async () => {
  // A checkout under the temp dir, as PocketBase sees it: its binary's path starts there.
  dir = await mkdtemp(path.join(tmpdir(), 'pb-checkout-'));
  bin = path.join(dir, 'pocketbase');
  await copyFile(await resolvePocketBase(), bin);
  const dataDir = path.join(dir, 'pb_data');
  await upsertSuperuser({ bin, dataDir, ...superuser });
  sink = await startSmtpSink();
  server = await startPocketBase({ bin, port: await freePort(), dataDir });
});

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('the binary copied under the temp dir is in dev mode unless told otherwise (so the check below can fail)', async () => {
  const { stdout, stderr } = await promisify(execFile)(bin, [
    'superuser',
    'upsert',
    'controle@exemplo.com.br',
    PASSWORD,
    `--dir=${path.join(dir, 'control')}`,
  ]);
  expect(stdout + stderr).toMatch(SQL);
  expect(stdout + stderr).toContain('$2a$');
});

test('started as npm start starts it, it prints no SQL, hashes, tokens, SMTP password or e-mails', async () => {
  const visitor = new PocketBase(server.url);
  visitor.autoCancellation(false);
  await visitor
    .collection('users')
    .create({ email: 'admin-log@exemplo.com.br', password: PASSWORD, passwordConfirm: PASSWORD, full_name: 'Ana Log' });
  const admin = new PocketBase(server.url);
  admin.autoCancellation(false);
  await admin.collection('users').authWithPassword('admin-log@exemplo.com.br', PASSWORD);
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection('_superusers').authWithPassword(superuser.email, superuser.password);

  await useSmtpSink(admin, sink, { user: 'mailer', password: SMTP_PASSWORD });
  await visitor.collection('users').requestPasswordReset('admin-log@exemplo.com.br');
  const mail = await sink.waitFor('admin-log@exemplo.com.br');
  const resetToken = /token=([\w.-]+)/.exec(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
  expect(resetToken, 'o e-mail traz o link de redefinição').toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 500));

  const output = server.output();
  expect(output).not.toMatch(SQL);
  expect(output).not.toContain('$2a$');
  for (const secret of [SMTP_PASSWORD, admin.authStore.token, su.authStore.token, resetToken!, superuser.password])
    expect(output).not.toContain(secret);
  expect(output).not.toContain('admin-log@exemplo.com.br');
});

test('a first start without a superuser opens no browser and prints no token, only how to create one', async () => {
  // A browser opener that leaves a mark: PocketBase's installer calls xdg-open on Linux.
  const tools = await mkdtemp(path.join(tmpdir(), 'pb-opener-'));
  const marker = path.join(tools, 'aberto');
  await writeFile(path.join(tools, 'xdg-open'), `#!/bin/sh\necho "$@" > "${marker}"\n`);
  await chmod(path.join(tools, 'xdg-open'), 0o755);
  const dataDir = path.join(tools, 'pb_data');
  const fresh = await startPocketBase({
    bin,
    port: await freePort(),
    dataDir,
    env: { PATH: `${tools}:${process.env.PATH ?? ''}`, DISPLAY: ':0' },
  });
  try {
    await expect.poll(() => fresh.output(), { timeout: 10_000 }).toContain('Nenhum superusuário ainda');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      await stat(marker).then(
        () => 'aberto',
        () => 'nada',
      ),
    ).toBe('nada');
    expect(fresh.output()).not.toMatch(/pbinstall|eyJ[\w-]+\./);
    expect(fresh.output()).toContain('superuser upsert EMAIL SENHA');
  } finally {
    await fresh.stop();
    await rm(tools, { recursive: true, force: true });
  }
});
