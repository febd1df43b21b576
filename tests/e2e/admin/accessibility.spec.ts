/**
 * axe (WCAG 2.1 A/AA) over every admin screen, signed in as an admin, plus the
 * sign-in screens.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { signedInAs } from '../../helpers/staff';
import { wcagViolations } from '../axe';

const SCREENS: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/admin', ready: (page) => expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible() },
  { path: '/admin/users', ready: (page) => expect(page.getByRole('table')).toBeVisible() },
  { path: '/admin/users/create', ready: (page) => expect(page.getByRole('textbox').first()).toBeVisible() },
  { path: '/admin/posts', ready: (page) => expect(page.locator('main')).toBeVisible() },
  { path: '/admin/posts/create', ready: (page) => expect(page.getByRole('textbox').first()).toBeVisible() },
  { path: '/admin/pages', ready: (page) => expect(page.locator('main')).toBeVisible() },
  { path: '/admin/pages/create', ready: (page) => expect(page.getByRole('textbox').first()).toBeVisible() },
  { path: '/admin/menus', ready: (page) => expect(page.getByText('Menu do topo')).toBeVisible() },
  { path: '/admin/testimonials', ready: (page) => expect(page.getByRole('table')).toBeVisible() },
  { path: '/admin/faq/create', ready: (page) => expect(page.getByRole('textbox').first()).toBeVisible() },
  { path: '/admin/partners', ready: (page) => expect(page.getByRole('table')).toBeVisible() },
  { path: '/admin/partners/create', ready: (page) => expect(page.getByRole('textbox').first()).toBeVisible() },
  { path: '/admin/media', ready: (page) => expect(page.locator('main')).toBeVisible() },
  { path: '/admin/messages', ready: (page) => expect(page.locator('main')).toBeVisible() },
  { path: '/admin/newsletter', ready: (page) => expect(page.locator('main')).toBeVisible() },
  { path: '/admin/audit', ready: (page) => expect(page.getByRole('table')).toBeVisible() },
  { path: '/admin/backups', ready: (page) => expect(page.locator('main')).toBeVisible() },
  { path: '/admin/analytics', ready: (page) => expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible() },
  { path: '/admin/settings', ready: (page) => expect(page.getByRole('tab').first()).toBeVisible() },
  { path: '/admin/profile', ready: (page) => expect(page.getByRole('heading', { name: 'Perfil', level: 1 })).toBeVisible() },
];

test('every admin screen is free of WCAG 2.1 A/AA violations (axe)', async ({ page }) => {
  // One sign-in, then every screen in turn (over 40 of them): minutes on a shared 2-core machine.
  test.setTimeout(300_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedInAs(page, 'admin');
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  const violations: string[] = [];
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await screen.ready(page);
    // Lists finish loading, and nothing is mid-fade (MUI's transitions ignore reduced
    // motion), before they are measured.
    await expect(page.getByText(/^Carregando/)).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 10_000 });
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
    violations.push(...(await wcagViolations(page, screen.path, { legacyMode: true, excludeFrames: true })));
  }
  expect(violations).toEqual([]);
});

test('the sign-in screens are free of WCAG 2.1 A/AA violations (axe)', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const violations: string[] = [];
  for (const path of ['/admin/login', '/admin/register', '/admin/reset-password?token=x']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    violations.push(...(await wcagViolations(page, path, { legacyMode: true, excludeFrames: true })));
  }
  for (const tab of ['Cadastro', 'Recuperar']) {
    await page.goto('/admin/login');
    await page.getByRole('tab', { name: tab }).click();
    violations.push(...(await wcagViolations(page, `/admin/login (${tab})`, { legacyMode: true, excludeFrames: true })));
  }
  expect(violations).toEqual([]);
});
