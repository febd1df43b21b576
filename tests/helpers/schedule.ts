/**
 * Scheduling in the post and page forms (src/admin/posts/ScheduleInput.tsx) in browser
 * tests: the status chosen, a past time refused at the field, then a time three days
 * ahead typed in Brasília time and saved.
 */
import { expect, type Page } from '@playwright/test';
import { formatDateTimeInput } from '../../src/lib/format';

/** Schedules the open record with the status labelled `status` ('Agendado', 'Agendada'); returns the time saved. */
export async function scheduleInForm(page: Page, status: string, helperText: string): Promise<Date> {
  await expect(page.getByLabel('Publicar em')).toHaveCount(0);
  // A click that lands while the form re-renders may leave the list closed: open it again until the option is chosen.
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: status, exact: true }).click({ timeout: 3000 });
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText(status, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(helperText)).toBeVisible();
  await page.getByLabel('Publicar em').fill('2020-01-01T10:00');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('A publicação agendada precisa ser em uma data e hora futuras.')).toBeVisible();

  const when = new Date(Date.now() + 3 * 24 * 3600 * 1000);
  when.setSeconds(0, 0);
  await page.getByLabel('Publicar em').fill(formatDateTimeInput(when));
  await page.getByRole('button', { name: 'Salvar' }).click();
  return when;
}
