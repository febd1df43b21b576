import AxeBuilder from '@axe-core/playwright';
import { test, expect, allowConsoleErrors, islandsHydrated } from './fixtures';
import { UNLISTED, sitemapPaths } from './site-pages';
import { wcagViolations } from './axe';

/** The sweep runs in this many parallel parts (the page list is only known once the site is built). */
const PARTS = 4;

test.describe('accessibility', () => {
  for (let part = 0; part < PARTS; part++) {
    test(`no page of the sitemap, nor the 404 and admin pages, has a WCAG 2.1 A/AA violation (axe), part ${part + 1}/${PARTS}`, async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(180_000);
      const all = [...sitemapPaths(), ...UNLISTED];
      expect(all.length).toBeGreaterThan(15);
      const violations: string[] = [];
      // Fade-in animations would be measured mid-way (contrast of half-transparent text).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const path of all.filter((_, index) => index % PARTS === part)) {
        await page.goto(path);
        await page.waitForLoadState('load');
        // Frames are left out: the signature previews are e-mail markup and the map is a third party's.
        violations.push(...(await wcagViolations(page, path)));
      }
      allowConsoleErrors(consoleErrors, /status of 404/);
      expect(violations).toEqual([]);
    });
  }

  test('the cookie dialog is accessible when open', async ({ page }) => {
    await page.goto('/');
    await islandsHydrated(page, 'CookieConsent');
    await page.getByRole('button', { name: 'Gerenciar preferências' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const results = await new AxeBuilder({ page }).include('dialog').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
