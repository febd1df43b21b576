import { describe, expect, test } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, allows, can, type Actor } from '../../src/lib/permissions';

const actor = (role: string, isActive = true): Actor => ({ id: `${role}-1`, role, isActive });

describe('the role table', () => {
  test('matches the spec: admin all; editor read, create, update, publish, delete; author read, create, update', () => {
    expect(ROLE_PERMISSIONS.admin).toEqual(PERMISSIONS);
    for (const permission of ['read', 'create', 'update', 'publish', 'delete'] as const)
      expect(can(actor('editor'), permission)).toBe(true);
    expect(['read', 'create', 'update'].every((permission) => can(actor('author'), permission as never))).toBe(true);
    expect(can(actor('author'), 'publish')).toBe(false);
    expect(can(actor('author'), 'delete')).toBe(false);
  });

  test('gives the screen gates to the right roles', () => {
    expect(can(actor('admin'), 'admin')).toBe(true);
    expect(can(actor('editor'), 'admin')).toBe(false);
    expect(can(actor('editor'), 'editor')).toBe(true);
    expect(can(actor('author'), 'editor')).toBe(false);
  });

  test('gives nothing to inactive accounts, unknown roles or visitors', () => {
    for (const permission of PERMISSIONS) {
      expect(can(actor('admin', false), permission)).toBe(false);
      expect(can(actor('superuser'), permission)).toBe(false);
      expect(can(null, permission)).toBe(false);
    }
  });
});

describe('allows', () => {
  const author = actor('author');
  test('lets authors edit only their own drafts, and never publish them', () => {
    expect(allows(author, 'posts', 'update', { author: author.id, status: 'draft' }, { title: 'x' })).toBe(true);
    expect(allows(author, 'posts', 'update', { author: author.id, status: 'draft' }, { status: 'published' })).toBe(false);
    expect(allows(author, 'posts', 'update', { author: 'someone', status: 'draft' }, { title: 'x' })).toBe(false);
    expect(allows(author, 'posts', 'update', { author: author.id, status: 'published' }, { title: 'x' })).toBe(false);
    expect(allows(author, 'posts', 'delete', { author: author.id, status: 'draft' })).toBe(false);
  });

  test('keeps the SMTP settings away from everyone but admins', () => {
    expect(allows(null, 'public_site_settings', 'view', { key: 'smtp_host' })).toBe(false);
    expect(allows(actor('editor'), 'public_site_settings', 'view', { key: 'smtp_user' })).toBe(false);
    expect(allows(actor('admin'), 'public_site_settings', 'view', { key: 'smtp_host' })).toBe(true);
    expect(allows(null, 'public_site_settings', 'view', { key: 'site_title' })).toBe(true);
  });

  test('lets only admins change a role or an active flag', () => {
    const editor = actor('editor');
    expect(allows(editor, 'users', 'update', { id: editor.id }, { full_name: 'Eu' })).toBe(true);
    expect(allows(editor, 'users', 'update', { id: editor.id }, { role: 'admin' })).toBe(false);
    expect(allows(actor('admin'), 'users', 'update', { id: 'other' }, { is_active: false })).toBe(true);
  });

  test("keeps the two-step switch each account's own, and on for admins", () => {
    const editor = actor('editor');
    const admin = actor('admin');
    expect(allows(editor, 'users', 'update', { id: editor.id }, { two_step: true })).toBe(true);
    expect(allows(editor, 'users', 'update', { id: editor.id }, { two_step: false })).toBe(true);
    expect(allows(admin, 'users', 'update', { id: admin.id }, { two_step: true })).toBe(true);
    expect(allows(admin, 'users', 'update', { id: admin.id }, { two_step: false })).toBe(false);
    expect(allows(admin, 'users', 'update', { id: 'other' }, { two_step: true })).toBe(false);
    expect(allows(admin, 'users', 'update', { id: 'other' }, { two_step: false })).toBe(false);
    expect(allows(admin, 'users', 'create', {}, { role: 'author', two_step: true })).toBe(false);
    expect(allows(null, 'users', 'create', {}, { two_step: true })).toBe(false);
  });

  test('never lets anyone write the audit log', () => {
    for (const operation of ['create', 'update', 'delete'] as const)
      expect(allows(actor('admin'), 'audit_logs', operation, {}, {})).toBe(false);
  });
});
