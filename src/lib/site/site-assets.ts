/**
 * The site's own image files a record may name by their path under src/assets
 * (shared/site-assets.js): a seeded partner's logo (partners/fiesc.svg), a seeded
 * product's or line's picture (products/ops010-1.png, artwork/linha-s.png). Resolved
 * here at build time, so Astro fingerprints, optimises and serves them as if the page
 * had imported them.
 */
const FILES = Object.fromEntries(
  Object.entries(
    import.meta.glob<{ default: ImageMetadata }>(
      ['../../assets/partners/*', '../../assets/products/*', '../../assets/artwork/*'],
      {
        eager: true,
      },
    ),
  ).map(([path, module]) => [path.replace('../../assets/', ''), module.default]),
);

/**
 * The image at `path` under src/assets.
 * @param owner who names it, for the error ('Parceiro "FIESC"')
 * @throws when there is no such file: a broken image on every page is worse than a failed build
 */
export function siteAsset(path: string, owner: string): ImageMetadata {
  const file = FILES[path];
  if (!file) {
    const folder = path.split('/')[0] ?? '';
    const same = Object.keys(FILES).filter((name) => name.startsWith(`${folder}/`));
    throw new Error(`${owner}: a imagem do site "${path}" não existe em src/assets (há: ${same.join(', ')}).`);
  }
  return file;
}
