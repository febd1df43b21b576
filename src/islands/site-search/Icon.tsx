import { icons } from '../../components/ui/icons';

/** One of the site's icons (src/components/ui/icons.ts), decorative. */
export function Icon({ name, className }: { name: keyof typeof icons; className: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" className={className} aria-hidden="true" focusable="false">
      <path d={icons[name]} />
    </svg>
  );
}
