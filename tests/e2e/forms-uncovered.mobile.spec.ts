/**
 * Nothing floating covers a form: on a 390 x 844 phone, after the
 * cookie choice, neither the floating chat button nor the sticky header sits on top of
 * a field or button of the four public forms, wherever the visitor's browser brings the
 * control: focused by Tab or a tap (the browser's own scroll) and scrolled to the top,
 * the middle, the bottom or the nearest edge of the screen, with the control focused
 * and again with nothing focused (the moment before a tap). Points of the control are
 * hit-tested with document.elementFromPoint: the control (or what is inside it, or its
 * label) must be what is there. One more place, focused only: a visitor typing in the
 * form who scrolls a control down to where the chat button sits (unfocused, a floating
 * button covers whatever passes under it; while a form is being filled, it must not).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, chooseCookies } from './fixtures';

const FORMS = [
  { name: 'contato', path: '/contato', selector: 'main form:has(textarea)' },
  { name: 'comentário', path: '/blog/funcao-map-no-arduino', selector: 'main form:has(textarea)' },
  { name: 'newsletter do blog', path: '/blog', selector: 'main form:has(input[type="email"])' },
  { name: 'newsletter do rodapé', path: '/', selector: 'footer form' },
] as const;

/**
 * Where a scroll leaves the control: the browser's own (focus), each scrollIntoView
 * alignment, and (focused only) right where the chat button floats.
 */
const PLACES = ['focus', 'start', 'center', 'end', 'nearest', 'under-chat'] as const;
type Place = (typeof PLACES)[number];

test.use({ viewport: { width: 390, height: 844 } });

/** The fields and buttons a visitor can reach: not the honeypot, nothing hidden. */
async function controlsOf(form: Locator) {
  const all = form.locator('input, textarea, select, button');
  const reachable: Locator[] = [];
  for (const control of await all.all()) {
    const skip = await control.evaluate(
      (element: HTMLElement) =>
        (element instanceof HTMLInputElement && element.type === 'hidden') ||
        element.tabIndex < 0 ||
        element.closest('[aria-hidden="true"], [hidden], [inert]') !== null ||
        element.getClientRects().length === 0,
    );
    if (!skip) reachable.push(control);
  }
  return reachable;
}

/** Brings the control where `place` says, focused, and waits for the page to stop scrolling. */
async function bring(page: Page, control: Locator, place: Place) {
  await control.evaluate((element: HTMLElement, where) => {
    if (where === 'focus') {
      // A visitor arriving from far away: the top of the page, then the browser scrolls to the field.
      window.scrollTo({ top: 0, behavior: 'instant' });
      (document.activeElement as HTMLElement | null)?.blur();
      element.focus();
    } else if (where === 'under-chat') {
      // Its bottom level with the chat button's, 1rem above the screen's bottom.
      window.scrollBy({ top: element.getBoundingClientRect().bottom - (window.innerHeight - 16), behavior: 'instant' });
      element.focus({ preventScroll: true });
    } else {
      element.scrollIntoView({ block: where, behavior: 'instant' });
      element.focus({ preventScroll: true });
    }
  }, place);
  // Polled from here: with JavaScript off the page runs no timers or animation frames.
  let last = -1;
  for (let steady = 0; steady < 3;) {
    await page.waitForTimeout(50);
    const y = await page.evaluate(() => window.scrollY);
    steady = y === last ? steady + 1 : 0;
    last = y;
  }
}

/**
 * Hit-tests the control's middle and its four corners (inside its rounded corners) and
 * describes every point where something else is on top; empty when nothing covers it.
 */
function coverings(control: Locator) {
  return control.evaluate((element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    const radius = Math.min(parseFloat(getComputedStyle(element).borderTopLeftRadius) || 0, box.width / 2, box.height / 2);
    const dx = Math.max(2, radius);
    const dy = 2;
    const points = [
      ['meio', box.left + box.width / 2, box.top + box.height / 2],
      ['canto superior esquerdo', box.left + dx, box.top + dy],
      ['canto superior direito', box.right - dx, box.top + dy],
      ['canto inferior esquerdo', box.left + dx, box.bottom - dy],
      ['canto inferior direito', box.right - dx, box.bottom - dy],
    ] as const;
    const labels = [...((element as HTMLInputElement).labels ?? [])];
    const describe = (node: Element) => {
      const floating = [node, ...ancestors(node)].find((each) => ['fixed', 'sticky'].includes(getComputedStyle(each).position));
      const name = (each: Element) =>
        `<${each.tagName.toLowerCase()}${each.getAttribute('aria-label') ? ` aria-label="${each.getAttribute('aria-label')}"` : ''}>`;
      return floating ? `${name(floating)} (position: ${getComputedStyle(floating).position})` : name(node);
    };
    function ancestors(node: Element) {
      const list: Element[] = [];
      for (let each = node.parentElement; each; each = each.parentElement) list.push(each);
      return list;
    }
    const found: string[] = [];
    for (const [where, x, y] of points) {
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) {
        found.push(`${where} fora da tela (${Math.round(x)}, ${Math.round(y)})`);
        continue;
      }
      const hit = document.elementFromPoint(x, y);
      if (hit && (element.contains(hit) || labels.some((label) => label.contains(hit)))) continue;
      found.push(`${where} (${Math.round(x)}, ${Math.round(y)}) coberto por ${hit ? describe(hit) : 'nada'}`);
    }
    return found;
  });
}

/** Every control of the form, at every place, focused and then with nothing focused. */
async function uncovered(page: Page, selector: string, javaScript: boolean) {
  const form = page.locator(selector);
  await expect(form).toHaveCount(1);
  await form.scrollIntoViewIfNeeded();
  if (javaScript) {
    // The island hydrates as the form comes into view; check the form the visitor will use.
    await expect(form.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
  }
  const chat = page.getByRole('link', { name: 'Fale conosco pelo chat (abre em nova aba)' });
  const controls = await controlsOf(form);
  expect(controls.length, 'o formulário não tem campos visíveis').toBeGreaterThan(0);
  const problems: string[] = [];
  for (const control of controls) {
    const name = await control.evaluate(
      (element: HTMLElement) =>
        `<${element.tagName.toLowerCase()} ${element.getAttribute('name') ? `name="${element.getAttribute('name')}"` : `"${element.textContent?.trim()}"`}>`,
    );
    for (const place of PLACES) {
      await bring(page, control, place);
      for (const state of place === 'under-chat' ? (['com foco'] as const) : (['com foco', 'sem foco'] as const)) {
        if (state === 'sem foco') {
          await control.evaluate((element: HTMLElement) => element.blur());
          // The chat button is there for everyone who is not typing in a form.
          await expect(chat).toBeVisible();
        }
        // The chat button may fade out or move; give it a moment before calling it a cover.
        const found = await expect
          .poll(() => coverings(control), { timeout: 1_500 })
          .toEqual([])
          .then(
            () => [],
            async () => coverings(control),
          );
        for (const problem of found) problems.push(`${name}, ${place}, ${state}: ${problem}`);
      }
    }
  }
  return problems;
}

for (const { name, path, selector } of FORMS) {
  test(`nothing floating covers a field or button of the ${name} form at 390 px, after the cookie choice`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(path);
    await chooseCookies(page);
    expect(await uncovered(page, selector, true)).toEqual([]);
  });

  test.describe('JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test(`nothing floating covers a field or button of the ${name} form at 390 px, with JavaScript off`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(path);
      // No banner without JavaScript: no choice can be stored, nothing is loaded.
      await expect(page.locator('[data-cookie-banner]')).toBeHidden();
      expect(await uncovered(page, selector, false)).toEqual([]);
    });
  });
}
