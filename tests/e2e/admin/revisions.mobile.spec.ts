/**
 * The history of a post on a 390 px phone: the versions, the comparison and the
 * 'Posts excluídos' screen fit the width (nothing scrolls sideways) and axe finds no
 * WCAG 2.1 A/AA violation in them.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { createStaff, openAdminAs, superuser } from '../../helpers/staff';
import { wcagViolations } from '../axe';

async function check(page: Page, label: string, problems: string[]) {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > 390) problems.push(`${label}: a página tem ${width} px de largura`);
  problems.push(...(await wcagViolations(page, label, { legacyMode: true })));
}

test('history, comparison and deleted posts fit a phone and pass axe', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const editor = await createStaff('editor');
  const client = await superuser();
  const tag = randomBytes(3).toString('hex');
  const long = 'palavra-comprida-sem-espacos-'.repeat(12);
  const post = await client.collection('posts').create({
    title: `Histórico no celular ${tag}`,
    slug: `historico-no-celular-${tag}`,
    category: 'Técnico',
    status: 'draft',
    author: editor.id,
    content: `Primeira versão do texto, com ${long} e mais palavras.`,
  });
  await client.collection('posts').update(post.id, { content: `Segunda versão do texto, com ${long} e outras palavras.` });
  const gone = await client.collection('posts').create({
    title: `Excluído no celular ${tag}`,
    slug: `excluido-no-celular-${tag}`,
    category: 'Técnico',
    status: 'draft',
    author: editor.id,
  });
  await client.collection('posts').delete(gone.id);

  const problems: string[] = [];
  await openAdminAs(page, editor, `/admin/posts/${post.id}`);
  await page.getByRole('tab', { name: 'Histórico' }).click({ timeout: 15_000 });
  await expect(page.getByTestId('revision')).toHaveCount(2);
  await check(page, 'Histórico', problems);

  await page
    .getByTestId('revision')
    .first()
    .getByRole('button', { name: /Ver diferenças/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Diferenças entre versões' });
  await expect(dialog.getByTestId('version-diff')).toBeVisible();
  await check(page, 'Diferenças entre versões', problems);
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  await page.goto('/admin/deleted-posts');
  await expect(page.getByTestId('deleted-post').first()).toBeVisible();
  await check(page, 'Posts excluídos', problems);
  expect(problems).toEqual([]);
});
