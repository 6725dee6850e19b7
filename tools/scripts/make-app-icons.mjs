// Writes the web app manifest's icons (apps/web/public/manifest.webmanifest) under
// apps/web/public/icons/: the favicon's mark (a white "R" on the accent colour of
// libs/ui/src/theme.css) at 192 and 512 pixels on a rounded square, a maskable 512 whose
// background fills the whole square and whose letter stays inside the safe zone (the middle 80 %
// circle a launcher may crop to), and a 180-pixel apple-touch-icon (iOS rounds its corners itself).
// No dependency: the letter is drawn as distances to the favicon's strokes, 4×4 samples a pixel,
// and written as an RGBA PNG with node:zlib.
// Run: node tools/scripts/make-app-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'public', 'icons');
const ACCENT = [0x1d, 0x5f, 0xc2];
const WHITE = [0xff, 0xff, 0xff];

// apps/web/public/favicon.svg on its 32-unit grid: M10 24V8h7a5 5 0 0 1 0 10h-7m7 0 5 6, stroke 3
const SEGMENTS = [
  [10, 24, 10, 8],
  [10, 8, 17, 8],
  [17, 18, 10, 18],
  [17, 18, 22, 24],
];
const ARC = { x: 17, y: 13, r: 5 }; // the bowl: the right half of this circle
const STROKE = 3;

function segmentDistance(px, py, [x1, y1, x2, y2]) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - x1 - t * dx, py - y1 - t * dy);
}

function arcDistance(px, py) {
  if (px >= ARC.x) return Math.abs(Math.hypot(px - ARC.x, py - ARC.y) - ARC.r);
  return Math.min(Math.hypot(px - ARC.x, py - ARC.y + ARC.r), Math.hypot(px - ARC.x, py - ARC.y - ARC.r));
}

/** Whether a point of the 32-unit grid is on the letter (round caps and joins, as the SVG draws it). */
function onLetter(x, y) {
  const d = Math.min(arcDistance(x, y), ...SEGMENTS.map((segment) => segmentDistance(x, y, segment)));
  return d <= STROKE / 2;
}

/** Whether a point of the unit square is inside a square with rounded corners (radius as a fraction of the side). */
function inRoundedSquare(u, v, radius) {
  const cx = Math.min(Math.max(u, radius), 1 - radius);
  const cy = Math.min(Math.max(v, radius), 1 - radius);
  return Math.hypot(u - cx, v - cy) <= radius;
}

/**
 * An icon of `size` pixels: the background shape (`radius` 0 for a full square) and the letter's
 * 32-unit grid scaled by `letterScale` about the centre (1: the favicon's proportions).
 */
function drawIcon(size, { radius, letterScale }) {
  const SAMPLES = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let background = 0;
      let letter = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const u = (px + (sx + 0.5) / SAMPLES) / size;
          const v = (py + (sy + 0.5) / SAMPLES) / size;
          if (!inRoundedSquare(u, v, radius)) continue;
          background++;
          const gx = 16 + ((u - 0.5) * 32) / letterScale;
          const gy = 16 + ((v - 0.5) * 32) / letterScale;
          if (onLetter(gx, gy)) letter++;
        }
      }
      const i = (py * size + px) * 4;
      const share = background ? letter / background : 0;
      for (let c = 0; c < 3; c++) rgba[i + c] = Math.round(ACCENT[c] * (1 - share) + WHITE[c] * share);
      rgba[i + 3] = Math.round((255 * background) / (SAMPLES * SAMPLES));
    }
  }
  return png(size, size, rgba);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG (colour type 6), every row with filter 0. */
function png(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// the favicon's corner: rx 7 of 32
const ROUNDED = { radius: 7 / 32, letterScale: 1 };
const ICONS = {
  'icon-192.png': drawIcon(192, ROUNDED),
  'icon-512.png': drawIcon(512, ROUNDED),
  // the letter's farthest point is 11.5 of 32 units from the centre: at 0.8, 29 % of the side, well
  // inside the safe zone's 40 % radius
  'icon-maskable-512.png': drawIcon(512, { radius: 0, letterScale: 0.8 }),
  'apple-touch-icon-180.png': drawIcon(180, { radius: 0, letterScale: 1 }),
};

mkdirSync(OUT, { recursive: true });
for (const [name, bytes] of Object.entries(ICONS)) {
  writeFileSync(join(OUT, name), bytes);
  console.log(`${join(OUT, name)}: ${bytes.length} bytes`);
}
