/**
 * Focus that must land on an element the next render puts in place: the moved
 * section's button (React may move or recreate the node that had focus), a new
 * section's header, the card after a removed one.
 */
import { useEffect, useRef } from 'react';

export function useFocusLater<T extends HTMLElement>() {
  const container = useRef<T>(null);
  const pending = useRef<((root: T) => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const find = pending.current;
    if (!find || !container.current) return;
    pending.current = null;
    find(container.current)?.focus();
  });
  return {
    container,
    /** After the next render, focus what `find` answers inside the container. */
    focusLater: (find: (root: T) => HTMLElement | null | undefined) => {
      pending.current = find;
    },
  };
}

/**
 * The move button `which` of the item marked `data-move-key="key"` (not of an item
 * nested in it), or its other move button when that one is disabled (the item is
 * now first or last).
 */
export function moveButton(root: HTMLElement, key: string, which: 'up' | 'down'): HTMLButtonElement | undefined {
  const item = root.querySelector(`[data-move-key="${CSS.escape(key)}"]`);
  if (!item) return undefined;
  const buttons = [...item.querySelectorAll<HTMLButtonElement>('[data-move]')].filter(
    (button) => button.closest('[data-move-key]') === item,
  );
  const ordered = [which, which === 'up' ? 'down' : 'up'].map((name) => buttons.find((button) => button.dataset.move === name));
  return ordered.find((button) => button && !button.disabled);
}
