import { describe, expect, test } from 'vitest';
import {
  ARTICLE_IMAGE_SIZES,
  MEDIA_IMAGE_WIDTHS,
  mediaFileUrl,
  parseMediaUrl,
  responsiveMediaImage,
} from '../../src/lib/cms/media-images';
import { readFileSync } from 'node:fs';

const ID = 'abc123def456ghi';
const path = (file: string) => `/api/files/media/${ID}/${file}`;

describe('responsiveMediaImage', () => {
  test('lists the thumbnails narrower than the original, then the original at its own width', () => {
    expect(responsiveMediaImage({ id: ID, file: 'placa_a1b2c3d4e5.jpg', width: 1000, height: 500 })).toEqual({
      src: path('placa_a1b2c3d4e5.jpg'),
      width: 1000,
      height: 500,
      srcset: [
        `${path('placa_a1b2c3d4e5.jpg')}?thumb=480x0 480w`,
        `${path('placa_a1b2c3d4e5.jpg')}?thumb=768x0 768w`,
        `${path('placa_a1b2c3d4e5.jpg')} 1000w`,
      ].join(', '),
      sizes: ARTICLE_IMAGE_SIZES,
    });
  });

  test('offers every thumbnail for a photo wider than the largest', () => {
    const image = responsiveMediaImage({ id: ID, file: 'foto.png', width: 4000, height: 3000 });
    expect(image.srcset?.split(', ')).toEqual([
      `${path('foto.png')}?thumb=480x0 480w`,
      `${path('foto.png')}?thumb=768x0 768w`,
      `${path('foto.png')}?thumb=1536x0 1536w`,
      `${path('foto.png')} 4000w`,
    ]);
  });

  test('never offers a thumbnail as wide as the original (it would be an enlargement or a copy)', () => {
    const image = responsiveMediaImage({ id: ID, file: 'foto.jpg', width: 768, height: 400 });
    expect(image.srcset).toBe(`${path('foto.jpg')}?thumb=480x0 480w, ${path('foto.jpg')} 768w`);
  });

  test('gives no srcset for an image narrower than every thumbnail, but keeps its size', () => {
    expect(responsiveMediaImage({ id: ID, file: 'icone.png', width: 300, height: 200 })).toEqual({
      src: path('icone.png'),
      width: 300,
      height: 200,
    });
  });

  test('gives no thumbnails for GIF (the animation would stop) and WebP (they become PNG)', () => {
    for (const file of ['anima.gif', 'foto.webp']) {
      expect(responsiveMediaImage({ id: ID, file, width: 2000, height: 1000 })).toEqual({
        src: path(file),
        width: 2000,
        height: 1000,
      });
    }
  });

  test('gives only the address when the size is unknown (0)', () => {
    expect(responsiveMediaImage({ id: ID, file: 'velha.jpg', width: 0, height: 0 })).toEqual({ src: path('velha.jpg') });
    expect(responsiveMediaImage({ id: ID, file: 'velha.jpg', width: 800, height: 0 })).toEqual({ src: path('velha.jpg') });
  });

  test('uses the public API origin when one is given, with or without its trailing slash', () => {
    const image = responsiveMediaImage({ id: ID, file: 'foto.jpg', width: 600, height: 400 }, 'https://api.exemplo.com.br/');
    expect(image.src).toBe(`https://api.exemplo.com.br${path('foto.jpg')}`);
    expect(image.srcset).toBe(
      `https://api.exemplo.com.br${path('foto.jpg')}?thumb=480x0 480w, https://api.exemplo.com.br${path('foto.jpg')} 600w`,
    );
  });

  test('takes another sizes attribute for images outside the article column', () => {
    expect(responsiveMediaImage({ id: ID, file: 'foto.jpg', width: 2000, height: 1000 }, '', '50vw').sizes).toBe('50vw');
  });
});

describe('the media thumbnail widths', () => {
  test('are the width-only thumbnails the migration declares on the media file field', () => {
    const migration = readFileSync(new URL('../../pb_migrations/1795309500_media_image_size.js', import.meta.url), 'utf8');
    const declared = /const WIDTH_THUMBS = \[([^\]]*)\]/.exec(migration)?.[1];
    expect(declared?.split(',').map((size) => size.trim().replace(/"/g, ''))).toEqual(MEDIA_IMAGE_WIDTHS.map((w) => `${w}x0`));
  });
});

describe('parseMediaUrl', () => {
  test('reads the id and file of a root-relative or absolute media URL', () => {
    expect(parseMediaUrl(path('foto_x1y2z3.png'))).toEqual({ id: ID, file: 'foto_x1y2z3.png' });
    expect(parseMediaUrl(`https://api.exemplo.com.br${path('foto.png')}?thumb=480x0`)).toEqual({ id: ID, file: 'foto.png' });
    expect(parseMediaUrl(mediaFileUrl(ID, 'foto.png'))).toEqual({ id: ID, file: 'foto.png' });
  });

  test('answers null for any other address', () => {
    expect(parseMediaUrl('/images/foto.png')).toBeNull();
    expect(parseMediaUrl(`/api/files/posts/${ID}`)).toBeNull();
    expect(parseMediaUrl('https://exemplo.com/foto.png')).toBeNull();
  });
});
