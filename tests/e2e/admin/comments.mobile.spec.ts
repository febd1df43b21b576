import { test, expect } from '../fixtures';
import { signedInAs, superuser } from '../../helpers/staff';

test('on a phone the moderation queue is a list of cards, opens a comment, and nothing scrolls sideways', async ({ page }) => {
  const tag = Date.now().toString(36);
  // Created as the superuser (a moderator for the hooks): pending, within no visitor's rate.
  await (await superuser()).collection('comments').create({
    article: 'funcao-map-no-arduino',
    name: `Leitora ${tag}`,
    email: 'leitora@exemplo.com.br',
    body: `Uma pergunta longa o bastante para ocupar mais de uma linha num celular estreito (${tag}).`,
  });
  await signedInAs(page, 'editor', '/admin/comments');
  await expect(page.getByRole('button', { name: 'Menu da conta', exact: true })).toBeVisible();
  await page.getByPlaceholder('Buscar comentários').fill(tag);
  // The search applies after a pause (and lands in the address): wait for it before clicking.
  await expect.poll(() => decodeURIComponent(page.url())).toContain(tag);
  const card = page.getByRole('link', { name: new RegExp(`Leitora ${tag} · Pendente`) });
  await expect(card).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await card.click();
  await expect(page).toHaveURL(/\/admin\/comments\/\w+$/);
  await expect(page.getByRole('heading', { name: 'Responder como Equipe Operium' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Comentário', exact: true })).toHaveValue(/Uma pergunta longa/);
});
