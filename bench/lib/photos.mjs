// Photo-like JPEGs for the media library benchmark (bench/storage.mjs): what an editor
// uploads, at the sizes camera photos resized for the web have, the same bytes on every run.
import sharp from 'sharp';
import { randomSource } from './scale-seed.mjs';

/** Photo shapes (landscape, portrait, 16:9, 3:2). */
const SHAPES = /** @type {const} */ ([
  [1600, 1200],
  [1200, 1600],
  [1920, 1080],
  [2000, 1333],
]);
/** Per-pixel grain amplitude: what puts the JPEGs at 200–500 KB, as camera photos resized for the web are. */
const GRAIN = 24;

/** @typedef {{ name: string, bytes: Buffer, width: number, height: number }} Photo */

/**
 * Photo number `index`: a scene (sky and ground gradients, objects with edges, cables,
 * a light) blurred like a lens and with sensor grain, as JPEG. Deterministic: the same
 * index gives the same bytes, so both servers and every run get the same images.
 * @param {number} index
 * @returns {Promise<Photo>}
 */
export async function photo(index) {
  const random = randomSource(0x1a6e + index * 7919);
  const [width, height] = /** @type {readonly [number, number]} */ (SHAPES[index % SHAPES.length]);
  const color = () => `rgb(${random.int(256)},${random.int(256)},${random.int(256)})`;
  const horizon = height * (0.35 + random.next() * 0.3);
  const parts = [
    '<defs>',
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color()}"/><stop offset="1" stop-color="${color()}"/></linearGradient>`,
    `<linearGradient id="ground" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color()}"/><stop offset="1" stop-color="${color()}"/></linearGradient>`,
    '<radialGradient id="light"><stop offset="0" stop-color="#fff" stop-opacity="0.7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
  ];
  const ridge = Array.from({ length: 8 }, (_, i) => `${(i / 7) * width},${horizon - random.next() * height * 0.15}`);
  parts.push(`<polygon points="0,${height} ${ridge.join(' ')} ${width},${height}" fill="url(#ground)"/>`);
  for (let i = 0; i < 14; i++) {
    const x = random.next() * width;
    const y = horizon * 0.6 + random.next() * (height - horizon * 0.6);
    const side = 40 + random.next() * width * 0.2;
    const opacity = (0.5 + random.next() * 0.5).toFixed(2);
    parts.push(
      i % 3 === 0
        ? `<circle cx="${x}" cy="${y}" r="${side / 2}" fill="${color()}" fill-opacity="${opacity}"/>`
        : `<rect x="${x}" y="${y}" width="${side}" height="${side * (0.4 + random.next())}" rx="${random.int(20)}" ` +
            `fill="${color()}" fill-opacity="${opacity}" stroke="${color()}" stroke-width="${1 + random.int(6)}"/>`,
    );
  }
  for (let i = 0; i < 30; i++) {
    parts.push(
      `<line x1="${random.next() * width}" y1="${random.next() * height}" x2="${random.next() * width}" ` +
        `y2="${random.next() * height}" stroke="${color()}" stroke-width="${1 + random.int(4)}" stroke-opacity="0.6"/>`,
    );
  }
  parts.push(`<circle cx="${random.next() * width}" cy="${random.next() * horizon}" r="${width * 0.3}" fill="url(#light)"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).blur(1.2).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) {
    data[i] = Math.max(0, Math.min(255, /** @type {number} */ (data[i]) + (random.next() - 0.5) * GRAIN));
  }
  const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name: `foto-${String(index + 1).padStart(4, '0')}.jpg`, bytes: jpeg, width, height };
}
