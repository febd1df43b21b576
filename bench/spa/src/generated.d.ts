// Virtual modules of bench/spa/vite.config.mjs: data generated at bench time.
declare module 'virtual:bench-site.css';

declare module 'virtual:bench-site-data' {
  import type { PictureMarkup } from './markup';

  export interface LineCard {
    id: string;
    name: string;
    iconText: string;
    description: string;
    imageAlt: string;
    color: string;
    featured: boolean;
    picture: PictureMarkup;
    productCount: number;
    href: string;
  }

  const data: { hero: PictureMarkup; lines: LineCard[] };
  export default data;
}
