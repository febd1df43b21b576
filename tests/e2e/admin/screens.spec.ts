/**
 * Every admin screen at 1366 px: its own tab title, one h1, nothing off screen
 * (the checks are in screens.ts; screens.mobile.spec.ts runs them at 390 px).
 */
import { test, expect } from '../fixtures';
import { checkEveryScreen } from './screens';

test('every admin screen names itself in the tab and in one h1, and fits 1366 px', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  expect(await checkEveryScreen(page, baseURL!, 1366)).toEqual([]);
});
