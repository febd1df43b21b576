// Draws the site's own product artwork (there are no product photos): clean SVG
// illustrations of the boards, the power supply and the share image, rasterised to
// PNG with sharp so Astro's image pipeline can serve responsive AVIF/WebP.
// Run with `node scripts/artwork.mjs`; the outputs are committed. The icon is also
// written as /favicon.ico: browsers and feed readers ask for that address without
// reading any <link>.
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const OUT = new URL('../src/assets/artwork/', import.meta.url);
const PUBLIC = new URL('../public/', import.meta.url);
const PRODUCTS = new URL('../src/assets/products/', import.meta.url);

/** @type {Record<string, { bg1: string, bg2: string, accent: string }>} */
const palette = {
  ops: { bg1: '#e8f1fb', bg2: '#c9dcf2', accent: '#0b3d6e' },
  opm: { bg1: '#e6f6f1', bg2: '#c3e8dc', accent: '#0f6b52' },
  opx: { bg1: '#efeafb', bg2: '#d9cff3', accent: '#4c2c92' },
  ope: { bg1: '#fbf3e4', bg2: '#f1dfbb', accent: '#8a5a00' },
};

/** @param {string} s */
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A row of screw terminals. @param {number} x @param {number} y @param {number} n @param {string} [color] */
function terminalBlock(x, y, n, color = '#1f7a3f') {
  const w = 26;
  let s = `<rect x="${x}" y="${y}" width="${n * w}" height="34" rx="3" fill="${color}"/>`;
  for (let i = 0; i < n; i++) {
    const cx = x + i * w + w / 2;
    s += `<circle cx="${cx}" cy="${y + 12}" r="7" fill="#c9ced6" stroke="#7b838f" stroke-width="1.5"/>`;
    s += `<line x1="${cx - 4}" y1="${y + 12}" x2="${cx + 4}" y2="${y + 12}" stroke="#5b636e" stroke-width="2"/>`;
    s += `<rect x="${cx - 7}" y="${y + 24}" width="14" height="6" rx="1" fill="#0d4a25"/>`;
  }
  return s;
}

/** An IC package. @param {number} x @param {number} y @param {number} w @param {number} h @param {string} [label] */
function chip(x, y, w, h, label = '') {
  let s = `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="#1d2129"/>`;
  const pins = Math.max(2, Math.floor(w / 12));
  for (let i = 0; i < pins; i++) {
    const px = x + 6 + (i * (w - 12)) / (pins - 1) - 2;
    s += `<rect x="${px}" y="${y - 5}" width="4" height="5" fill="#b7bcc4"/>`;
    s += `<rect x="${px}" y="${y + h}" width="4" height="5" fill="#b7bcc4"/>`;
  }
  if (label)
    s += `<text x="${x + w / 2}" y="${y + h / 2 + 4}" font-family="monospace" font-size="11" fill="#8c96a3" text-anchor="middle">${esc(label)}</text>`;
  return s;
}

/** The ESP32 dev module. @param {number} x @param {number} y @param {number} pins @param {boolean} [external] external antenna */
function esp32(x, y, pins, external = false) {
  const w = 150;
  const h = 24 + pins * 5.2;
  let s = `<rect x="${x - 10}" y="${y}" width="${w + 20}" height="${h}" rx="4" fill="#14171c"/>`;
  for (let i = 0; i < pins / 2; i++) {
    const py = y + 12 + i * ((h - 24) / (pins / 2 - 1 || 1));
    s += `<circle cx="${x - 3}" cy="${py}" r="3" fill="#d4af37"/><circle cx="${x + w + 3}" cy="${py}" r="3" fill="#d4af37"/>`;
  }
  s += `<rect x="${x + 18}" y="${y + 14}" width="${w - 36}" height="${h * 0.55}" rx="3" fill="#b8bec7" stroke="#8d949e"/>`;
  s += `<text x="${x + w / 2}" y="${y + 14 + h * 0.3}" font-family="sans-serif" font-weight="700" font-size="15" fill="#4b525c" text-anchor="middle">ESP32</text>`;
  if (external) {
    s += `<rect x="${x + w / 2 - 6}" y="${y - 60}" width="12" height="62" rx="5" fill="#23272e"/>`;
  } else {
    s += `<path d="M${x + 24} ${y + h - 26} h20 v-10 h20 v10 h20 v-10 h20 v10 h20" fill="none" stroke="#d4af37" stroke-width="3"/>`;
  }
  return s;
}

/** @param {number} x @param {number} y */
function relay(x, y) {
  return `<rect x="${x}" y="${y}" width="46" height="58" rx="3" fill="#1f5fb4"/><text x="${x + 23}" y="${y + 33}" font-family="sans-serif" font-size="9" fill="#dbe7f7" text-anchor="middle">5A</text>`;
}

/** @param {number} x @param {number} y @param {number} n @param {string[]} [colors] */
function leds(x, y, n, colors = ['#e5484d', '#30a46c']) {
  let s = '';
  for (let i = 0; i < n; i++) s += `<circle cx="${x + i * 14}" cy="${y}" r="4" fill="${colors[i % colors.length]}"/>`;
  return s;
}

/** A board outline with its parts. @param {{ w: number, h: number, model: string, parts: (x: number, y: number) => string }} board */
function pcb({ w, h, model, parts }) {
  const x = (800 - w) / 2;
  const y = (560 - h) / 2 + 10;
  let s = `<g filter="url(#shadow)"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14" fill="#0e5a3a"/></g>`;
  s += `<rect x="${x + 8}" y="${y + 8}" width="${w - 16}" height="${h - 16}" rx="10" fill="none" stroke="#2f8a5f" stroke-width="1.5" stroke-dasharray="6 5"/>`;
  for (const [cx, cy] of [
    [x + 18, y + 18],
    [x + w - 18, y + 18],
    [x + 18, y + h - 18],
    [x + w - 18, y + h - 18],
  ]) {
    s += `<circle cx="${cx}" cy="${cy}" r="8" fill="#d9dde3"/><circle cx="${cx}" cy="${cy}" r="4" fill="#6d7580"/>`;
  }
  s += parts(x, y);
  s += `<text x="${x + w - 30}" y="${y + h - 26}" font-family="sans-serif" font-weight="700" font-size="18" fill="#e9f5ee" text-anchor="end">${esc(model)}</text>`;
  return s;
}

/** The card background around a drawing. @param {string} key line id @param {string} body */
function frame(key, body) {
  const p = palette[key];
  if (!p) throw new Error(`no palette for ${key}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 560" width="800" height="560">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient>
<filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="10" stdDeviation="12" flood-color="#0b1b2b" flood-opacity="0.28"/></filter>
</defs>
<rect width="800" height="560" fill="url(#bg)"/>
<g opacity="0.35" stroke="${p.accent}" stroke-width="1">${Array.from({ length: 9 }, (_, i) => `<line x1="0" y1="${60 * i + 20}" x2="800" y2="${60 * i + 20}" stroke-opacity="0.25"/>`).join('')}</g>
${body}
</svg>`;
}

/** The boards, drawn from their parts. `esp` is where the ESP32 module sits (for the highlight view). */
const boards = {
  ops010: {
    key: 'ops',
    w: 600,
    h: 380,
    model: 'OPS010',
    esp: [225, 95, 150, 180],
    parts: (/** @type {number} */ x, /** @type {number} */ y) =>
      terminalBlock(x + 40, y + 20, 10) +
      terminalBlock(x + 330, y + 20, 8) +
      terminalBlock(x + 40, y + 326, 8, '#1d5fa8') +
      esp32(x + 225, y + 95, 30) +
      chip(x + 60, y + 120, 90, 40, 'RS485') +
      chip(x + 60, y + 200, 70, 34, 'SPI') +
      chip(x + 440, y + 130, 90, 44, 'OPTO') +
      chip(x + 440, y + 215, 90, 44, 'TRANS') +
      leds(x + 420, y + 300, 8),
  },
  ops012: {
    key: 'ops',
    w: 560,
    h: 380,
    model: 'OPS012',
    esp: [205, 95, 150, 180],
    parts: (/** @type {number} */ x, /** @type {number} */ y) =>
      terminalBlock(x + 40, y + 20, 6) +
      terminalBlock(x + 260, y + 20, 8) +
      terminalBlock(x + 40, y + 326, 6, '#1d5fa8') +
      esp32(x + 205, y + 95, 30) +
      chip(x + 50, y + 120, 100, 40, 'TERMOPAR') +
      chip(x + 50, y + 200, 100, 40, 'CÉLULA') +
      chip(x + 410, y + 130, 100, 44, 'DISPLAY') +
      chip(x + 410, y + 215, 90, 44, 'ANALOG') +
      leds(x + 400, y + 300, 6),
  },
  ops0150: {
    key: 'ops',
    w: 640,
    h: 400,
    model: 'OPS0150',
    esp: [245, 100, 150, 180],
    parts: (/** @type {number} */ x, /** @type {number} */ y) =>
      terminalBlock(x + 30, y + 20, 11) +
      terminalBlock(x + 340, y + 20, 10) +
      terminalBlock(x + 30, y + 346, 10, '#1d5fa8') +
      esp32(x + 245, y + 100, 30) +
      chip(x + 50, y + 120, 100, 40, 'EEPROM') +
      chip(x + 50, y + 200, 100, 40, 'RS232') +
      chip(x + 460, y + 120, 110, 44, 'MOSFET') +
      chip(x + 460, y + 205, 110, 44, 'RS485') +
      leds(x + 450, y + 300, 10),
  },
  ops0154: {
    key: 'ops',
    w: 640,
    h: 400,
    model: 'OPS0154',
    esp: [245, 100, 150, 180],
    parts: (/** @type {number} */ x, /** @type {number} */ y) =>
      terminalBlock(x + 30, y + 20, 8) +
      terminalBlock(x + 270, y + 20, 12) +
      terminalBlock(x + 30, y + 346, 10, '#1d5fa8') +
      esp32(x + 245, y + 100, 30) +
      chip(x + 50, y + 120, 110, 40, 'TERMOPAR') +
      chip(x + 50, y + 200, 110, 40, 'TERMOPAR') +
      chip(x + 460, y + 120, 110, 44, 'MOSFET') +
      chip(x + 460, y + 205, 110, 44, 'RS232') +
      leds(x + 450, y + 300, 8),
  },
  opm001: {
    key: 'opm',
    w: 440,
    h: 340,
    model: 'OPM001',
    esp: [135, 60, 170, 230],
    parts: (/** @type {number} */ x, /** @type {number} */ y) =>
      terminalBlock(x + 40, y + 20, 6) +
      terminalBlock(x + 240, y + 20, 5, '#1d5fa8') +
      esp32(x + 145, y + 120, 38, true) +
      relay(x + 360, y + 140) +
      chip(x + 40, y + 150, 70, 36, 'I2C') +
      leds(x + 40, y + 240, 6),
  },
  opx1001: {
    key: 'opx',
    w: 680,
    h: 420,
    model: 'OPX1-001',
    esp: [70, 95, 170, 190],
    parts: (/** @type {number} */ x, /** @type {number} */ y) =>
      terminalBlock(x + 30, y + 20, 12) +
      terminalBlock(x + 360, y + 20, 11) +
      terminalBlock(x + 30, y + 366, 11, '#1d5fa8') +
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => relay(x + 300 + (i % 4) * 56, y + 90 + Math.floor(i / 4) * 70)).join('') +
      esp32(x + 80, y + 100, 30) +
      chip(x + 300, y + 250, 100, 40, 'PT100') +
      chip(x + 430, y + 250, 90, 40, 'RS232') +
      leds(x + 560, y + 320, 6),
  },
};

function powerSupply() {
  return `<g filter="url(#shadow)"><rect x="170" y="130" width="460" height="300" rx="16" fill="#aeb6c1"/></g>
<rect x="170" y="130" width="460" height="300" rx="16" fill="none" stroke="#7f8893" stroke-width="3"/>
${Array.from({ length: 14 }, (_, i) => `<rect x="${200 + i * 30}" y="160" width="14" height="150" rx="4" fill="#8f98a4"/>`).join('')}
${Array.from({ length: 7 }, (_, i) => `<rect x="${210 + i * 54}" y="340" width="40" height="44" rx="4" fill="#2a2f36"/><circle cx="${230 + i * 54}" cy="356" r="9" fill="#c9ced6"/>`).join('')}
<text x="600" y="412" font-family="sans-serif" font-weight="700" font-size="18" fill="#2a2f36" text-anchor="end">OPE-100 · 24V 5A</text>
<circle cx="200" cy="410" r="5" fill="#30a46c"/>`;
}

/** Zooms a full drawing into a region (same 10:7 frame). */
function zoom(/** @type {string} */ svg, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ w) {
  return svg.replace('viewBox="0 0 800 560"', `viewBox="${x} ${y} ${w} ${(w * 7) / 10}"`);
}

/** @param {keyof typeof boards} id */
function boardViews(id) {
  const board = boards[id];
  const x = (800 - board.w) / 2;
  const y = (560 - board.h) / 2 + 10;
  const front = frame(board.key, pcb(board));
  const [ex, ey, ew, eh] = /** @type {[number, number, number, number]} */ (board.esp);
  const highlight = frame(
    board.key,
    pcb(board) +
      `<rect x="${x + ex - 14}" y="${y + ey - 14}" width="${ew + 28}" height="${eh + 28}" rx="12" fill="none" stroke="#f5a524" stroke-width="5" stroke-dasharray="14 8"/>` +
      `<rect x="${x + ex - 14}" y="${y + ey - 52}" width="${ew + 28}" height="32" rx="8" fill="#f5a524"/>` +
      `<text x="${x + ex + ew / 2}" y="${y + ey - 30}" font-family="sans-serif" font-weight="700" font-size="15" fill="#061f3a" text-anchor="middle">Módulo ESP32</text>`,
  );
  const mm = (/** @type {number} */ px) => Math.round(px / 4.2);
  const drawing = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 560" width="800" height="560"><rect width="800" height="560" fill="#f7f9fc"/>
<g stroke="#c9d6e6" stroke-width="1">${Array.from({ length: 28 }, (_, i) => `<line x1="${i * 30}" y1="0" x2="${i * 30}" y2="560"/>`).join('')}${Array.from({ length: 19 }, (_, i) => `<line x1="0" y1="${i * 30}" x2="800" y2="${i * 30}"/>`).join('')}</g>
<rect x="${x}" y="${y}" width="${board.w}" height="${board.h}" rx="14" fill="none" stroke="#0b3d6e" stroke-width="3"/>
${[
  [x + 18, y + 18],
  [x + board.w - 18, y + 18],
  [x + 18, y + board.h - 18],
  [x + board.w - 18, y + board.h - 18],
]
  .map(([cx, cy]) => `<circle cx="${cx}" cy="${cy}" r="8" fill="none" stroke="#0b3d6e" stroke-width="2"/>`)
  .join('')}
<g stroke="#e08a00" stroke-width="2" fill="#e08a00" font-family="sans-serif" font-size="16">
<line x1="${x}" y1="${y - 22}" x2="${x + board.w}" y2="${y - 22}"/><text x="${x + board.w / 2}" y="${y - 30}" text-anchor="middle" stroke="none">${mm(board.w)} mm</text>
<line x1="${x - 22}" y1="${y}" x2="${x - 22}" y2="${y + board.h}"/><text x="${x - 30}" y="${y + board.h / 2}" text-anchor="middle" stroke="none" transform="rotate(-90 ${x - 30} ${y + board.h / 2})">${mm(board.h)} mm</text>
</g><text x="${x + board.w / 2}" y="${y + board.h / 2}" font-family="sans-serif" font-weight="700" font-size="28" fill="#0b3d6e" text-anchor="middle">${esc(board.model)}</text></svg>`;
  const side = frame(
    board.key,
    `<g filter="url(#shadow)"><rect x="${x}" y="300" width="${board.w}" height="14" rx="3" fill="#0e5a3a"/></g>` +
      `<rect x="${x + 30}" y="258" width="${board.w * 0.5}" height="42" rx="3" fill="#1f7a3f"/><rect x="${x + board.w * 0.6}" y="250" width="${board.w * 0.3}" height="50" rx="3" fill="#14171c"/>` +
      `<rect x="${x + 20}" y="314" width="10" height="26" fill="#b7bcc4"/><rect x="${x + board.w - 30}" y="314" width="10" height="26" fill="#b7bcc4"/>` +
      `<text x="400" y="390" font-family="sans-serif" font-weight="700" font-size="18" fill="#0b3d6e" text-anchor="middle">${esc(board.model)} · vista lateral</text>`,
  );
  const din = frame(
    board.key,
    `<rect x="60" y="262" width="680" height="36" fill="#9aa3ad"/><g filter="url(#shadow)"><rect x="${x - 30}" y="${y - 30}" width="${board.w + 60}" height="${board.h + 60}" rx="22" fill="#dfe4ea" stroke="#aab3bd" stroke-width="3"/></g>` +
      `<g transform="translate(${x * 0.08} ${y * 0.08}) scale(0.92)">${pcb(board)}</g>`,
  );
  return [front, zoom(front, x + 10, y - 10, board.w * 0.55), highlight, drawing, side, din];
}

/** How many views each product shows (2 to 6). */
const productViews = { ops010: 4, ops012: 3, ops0150: 3, ops0154: 3, opm001: 2, opx1001: 6 };

/** @param {keyof typeof boards} id */
const frontView = (id) => frame(boards[id].key, pcb(boards[id]));

const lineDrawings = {
  'linha-s': frontView('ops010'),
  'linha-m': frontView('opm001'),
  'linha-x': frontView('opx1001'),
  acessorios: frame('ope', powerSupply()),
};

function shareImage() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3d6e"/><stop offset="1" stop-color="#072543"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<g stroke="#1d5fa8" stroke-width="2" fill="none" opacity="0.6"><path d="M0 500 H300 L360 440 H700"/><path d="M1200 120 H880 L820 180 H600"/><circle cx="700" cy="440" r="8"/><circle cx="600" cy="180" r="8"/></g>
<text x="90" y="270" font-family="sans-serif" font-weight="800" font-size="96" fill="#ffffff">Operium</text>
<text x="90" y="350" font-family="sans-serif" font-size="38" fill="#cfe1f5">Controladores industriais e placas especiais</text>
<text x="90" y="410" font-family="sans-serif" font-size="30" fill="#9fc2e8">Fabricação nacional · Jaraguá do Sul (SC)</text>
</svg>`;
}

function favicon() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b3d6e"/><circle cx="32" cy="32" r="17" fill="none" stroke="#fff" stroke-width="7"/><rect x="29" y="6" width="6" height="12" fill="#f5a524"/></svg>`;
}

/**
 * An ICO file holding PNG images (the format since Windows Vista; every browser reads it).
 * @param {Buffer[]} pngs square images, each at most 256 px
 */
function ico(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length + 16 * pngs.length;
  const entries = pngs.map((png) => {
    const entry = Buffer.alloc(16);
    const size = png.readUInt32BE(16); // the IHDR width
    entry.writeUInt8(size % 256, 0); // 0 means 256
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs]);
}

await mkdir(OUT, { recursive: true });
await mkdir(PRODUCTS, { recursive: true });
/** @param {string} svg @param {URL} target */
const render = (svg, target) => sharp(Buffer.from(svg)).resize(1200).png({ compressionLevel: 9 }).toFile(target.pathname);
for (const [name, svg] of Object.entries(lineDrawings)) await render(svg, new URL(`${name}.png`, OUT));
for (const [id, count] of Object.entries(productViews)) {
  const views = boardViews(/** @type {keyof typeof boards} */ (id));
  for (let n = 1; n <= count; n++) await render(/** @type {string} */ (views[n - 1]), new URL(`${id}-${n}.png`, PRODUCTS));
}
const supply = frame('ope', powerSupply());
await render(supply, new URL('ope100-1.png', PRODUCTS));
await render(zoom(supply, 190, 300, 420), new URL('ope100-2.png', PRODUCTS));
await sharp(Buffer.from(shareImage())).png({ compressionLevel: 9 }).toFile(new URL('og-default.png', PUBLIC).pathname);
await writeFile(new URL('favicon.svg', PUBLIC), favicon());
await sharp(Buffer.from(favicon())).resize(180).png().toFile(new URL('apple-touch-icon.png', PUBLIC).pathname);
await sharp(Buffer.from(favicon())).resize(32).png().toFile(new URL('favicon-32.png', PUBLIC).pathname);
const icons = await Promise.all([16, 32, 48].map((size) => sharp(Buffer.from(favicon())).resize(size).png().toBuffer()));
await writeFile(new URL('favicon.ico', PUBLIC), ico(icons));
console.log('artwork written');
