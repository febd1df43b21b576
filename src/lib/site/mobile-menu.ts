/**
 * The behaviour of the small-screen menu (src/components/layout/MobileMenu.astro):
 * a disclosure button (aria-expanded) controlling a panel of links. Opening focuses
 * the first link; Escape closes it and gives focus back to the button; following a
 * link marked `data-menu-close` closes it. Marks the root `data-ready="true"` once wired.
 */
export function setUpMobileMenu(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('button[aria-controls]');
  const panel = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!button || !panel) return;
  const icon = button.querySelector<SVGPathElement>('path[data-open-path][data-closed-path]');
  const label = button.querySelector<HTMLElement>('[data-menu-label]');
  let open = false;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    button.focus();
  };

  function setOpen(value: boolean) {
    if (value === open) return;
    open = value;
    button!.setAttribute('aria-expanded', String(open));
    panel!.hidden = !open;
    icon?.setAttribute('d', (open ? icon.dataset.openPath : icon.dataset.closedPath) ?? '');
    if (label) label.textContent = open ? 'Fechar menu' : 'Abrir menu';
    if (open) {
      panel!.querySelector<HTMLElement>('a')?.focus();
      document.addEventListener('keydown', onKeyDown);
    } else {
      document.removeEventListener('keydown', onKeyDown);
    }
  }

  button.addEventListener('click', () => setOpen(!open));
  panel.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-menu-close]')) setOpen(false);
  });
  root.dataset.ready = 'true';
}
