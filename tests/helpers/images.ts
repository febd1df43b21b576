/**
 * Image files built byte by byte for upload tests: real PNGs any decoder reads, and
 * headers of JPEG, GIF and WebP that declare a size (enough for the server's header
 * reader, pb_hooks/lib/media/uploads.js, not for a decoder).
 */
import { deflateSync } from 'node:zlib';
import type PocketBase from 'pocketbase';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
/** One PNG chunk: length, type, data, CRC. */
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([length, body, sum]);
};

/** A PNG (signature, IHDR, IDAT, IEND) declaring width×height, with the given uncompressed rows. */
export function pngFile(width: number, height: number, rows: Buffer): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const file = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Uint8Array(file);
}

/** A real width×height PNG (square when height is left out), a colour gradient. */
export function png(width = 2, height = width): Uint8Array<ArrayBuffer> {
  // Each row: filter byte 0, then RGB pixels.
  const stride = 1 + 3 * width;
  const rows = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, (y * 255) / height, 128], y * stride + 1 + 3 * x);
  return pngFile(width, height, rows);
}

/** Uploads a width×height PNG to the media library as `client`; answers the address a body shows it by. */
export async function uploadPng(client: PocketBase, width: number, height: number, alt: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([png(width, height)], { type: 'image/png' }), 'placa.png');
  form.append('alt_text', alt);
  const media = await client.collection('media').create(form);
  return `/api/files/media/${media.id}/${media.file}`;
}

/** The width and height in a PNG's IHDR (to check a served thumbnail). */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(bytes);
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

/**
 * A JPEG's header: SOI, `segments` APP1 segments of 60 KB (as EXIF and ICC data would
 * be), SOF0 with the size, EOI. With `orientation`, an EXIF APP1 segment first that
 * declares it (6 and 8: a portrait photo stored sideways).
 */
export function jpeg(width: number, height: number, segments = 1, orientation?: number): Uint8Array<ArrayBuffer> {
  const app1 = Buffer.alloc(4 + 60000);
  app1.set([0xff, 0xe1]);
  app1.writeUInt16BE(60002, 2);
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const app1s = Array.from({ length: segments }, () => app1);
  const exif = orientation === undefined ? [] : [exifSegment(orientation)];
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8]), ...exif, ...app1s, sof, Buffer.from([0xff, 0xd9])]));
}

/** An APP1 "Exif" segment whose IFD0 holds one entry, the orientation (big-endian TIFF). */
function exifSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // count
  tiff.writeUInt16BE(orientation, 18);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A GIF's header declaring its logical screen size. */
export function gif(width: number, height: number): Uint8Array<ArrayBuffer> {
  const file = Buffer.from('GIF89a\0\0\0\0\0\0\0;', 'latin1');
  file.writeUInt16LE(width, 6);
  file.writeUInt16LE(height, 8);
  return new Uint8Array(file);
}

/** An extended WebP (VP8X) declaring its canvas size. */
export function webp(width: number, height: number): Uint8Array<ArrayBuffer> {
  const file = Buffer.alloc(30);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(22, 4);
  file.write('WEBPVP8X', 8, 'latin1');
  file.writeUInt32LE(10, 16);
  file.writeUIntLE(width - 1, 24, 3);
  file.writeUIntLE(height - 1, 27, 3);
  return new Uint8Array(file);
}
