/** axe (WCAG 2.1 A/AA) on the current page, each violation as one readable line. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * @param options.legacyMode measure without entering frames at all: the admin's post
 *   preview is a sandboxed frame where no script (axe's included) may run
 * @param options.excludeFrames leave the frame elements out too (that preview's markup is
 *   the site's article styles, measured on the public pages)
 */
export async function wcagViolations(
  page: Page,
  path: string,
  options: { legacyMode?: boolean; excludeFrames?: boolean } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(options.legacyMode ?? false);
  if (options.excludeFrames) builder = builder.exclude('iframe');
  const results = await builder.options({ iframes: false }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (violation) =>
      `${path}: ${violation.id} (${violation.impact}) em ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}
