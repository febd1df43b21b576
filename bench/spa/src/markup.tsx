// Our built pages' image markup, rendered as React elements with the same attributes.
import type { ImgHTMLAttributes } from 'react';
import { icons, type IconName } from '../../../src/components/ui/icons';

export type Attributes = Record<string, string>;
export interface PictureMarkup {
  sources: Attributes[];
  img: Attributes;
}

/** HTML attribute names whose React prop is spelled differently. */
const REACT_NAMES: Record<string, string> = {
  class: 'className',
  srcset: 'srcSet',
  fetchpriority: 'fetchPriority',
};

/** Turns HTML attributes into React props (width and height stay strings, as React accepts). */
function toProps(attributes: Attributes): ImgHTMLAttributes<HTMLImageElement> {
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [REACT_NAMES[name] ?? name, value]));
}

export function Picture({ picture }: { picture: PictureMarkup }) {
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} {...(toProps(source) as object)} />
      ))}
      <img {...toProps(picture.img)} />
    </picture>
  );
}

export function Image({ img, ...overrides }: { img: Attributes } & ImgHTMLAttributes<HTMLImageElement>) {
  return <img {...toProps(img)} {...overrides} />;
}

export function Icon({ name, className = 'h-5 w-5', label }: { name: IconName; className?: string; label?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="currentColor"
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : 'true'}
      focusable="false"
    >
      <path d={icons[name]} />
    </svg>
  );
}
