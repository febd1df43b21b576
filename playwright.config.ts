import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/test-tools/chromium.mjs';

/**
 * Browser tests run against the built site served by a real PocketBase, started
 * by tests/e2e/global-setup.ts on a free port with a temporary data dir; the
 * tests get its address through the `baseURL` fixture (tests/e2e/fixtures.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A test walks several admin screens, each its own bundle and API calls: on CI's loaded
  // 2-core machine 30 s ran out mid-walk (not a speed goal; those are in `npm run bench`).
  timeout: 60_000,
  // Admin screens wait on API calls; on a loaded 2-core machine 5 s is not always enough.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.cache/test-results/playwright.json' }]],
  outputDir: '.cache/test-results/playwright',
  use: {
    locale: 'pt-BR',
    // A stuck click or navigation fails at its own line instead of using up the whole test's time.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, testIgnore: /\.(mobile|live)\.spec\.ts$/ },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, testMatch: /\.mobile\.spec\.ts$/ },
    // Tests that publish on the product as `npm start` runs it (tests/e2e/live.ts): one at a
    // time, so one stack serves them all; two stacks from one checkout share Astro's build
    // cache and break each other's builds.
    { name: 'live', use: { ...devices['Desktop Chrome'] }, testMatch: /\.live\.spec\.ts$/, workers: 1 },
  ],
});
