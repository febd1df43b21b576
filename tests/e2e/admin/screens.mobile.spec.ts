/**
 * Every admin screen on a 390 px phone: its own tab title, one h1, no sideways scroll,
 * every action on screen or in a box that scrolls (the checks are in screens.ts;
 * screens.spec.ts runs them at 1366 px).
 */
import { test, expect } from '../fixtures';
import { checkEveryScreen } from './screens';

test('every admin screen names itself in the tab and in one h1, and fits a 390 px phone', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await checkEveryScreen(page, baseURL!, 390)).toEqual([]);
});
