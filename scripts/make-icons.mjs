// Writes the installable app's PNG icons (src/web/public/icons/) from the Daywise mark in
// src/web/public/favicon.svg: a sun over the horizon on an indigo square. Drawn here, with Node's
// zlib only, so no image tool or dependency is needed; the PNGs are committed, and this script is
// run again only when the mark changes: `node scripts/make-icons.mjs`.
//
// "any" icons keep the mark's rounded corners (transparent outside them). "maskable" icons fill
// the whole square and draw the mark at 70%, inside the central circle (80% of the size) that
// every platform's mask keeps.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { crc32, deflateSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "src", "web", "public", "icons");

// The favicon's colours and shapes, in its 32-unit view box.
const INDIGO = [0x4f, 0x46, 0xe5];
const SUN = [0xfb, 0xbf, 0x24];
const WHITE = [0xff, 0xff, 0xff];
const CORNER_RADIUS = 8;
const SUN_CENTRE = [16, 17];
const SUN_RADIUS = 6;
const HORIZON = { from: [6, 24], to: [26, 24], halfWidth: 1.25 };

const insideRoundedSquare = (x, y) => {
  if (x < 0 || y < 0 || x > 32 || y > 32) return false;
  const cx = Math.min(Math.max(x, CORNER_RADIUS), 32 - CORNER_RADIUS);
  const cy = Math.min(Math.max(y, CORNER_RADIUS), 32 - CORNER_RADIUS);
  return (x - cx) ** 2 + (y - cy) ** 2 <= CORNER_RADIUS ** 2;
};
const insideSun = (x, y) => (x - SUN_CENTRE[0]) ** 2 + (y - SUN_CENTRE[1]) ** 2 <= SUN_RADIUS ** 2;
const insideHorizon = (x, y) => {
  // A segment with round caps: the distance to the segment is at most half the stroke.
  const [x1, y1] = HORIZON.from;
  const [x2, y2] = HORIZON.to;
  const t = Math.min(1, Math.max(0, ((x - x1) * (x2 - x1) + (y - y1) * (y2 - y1)) / ((x2 - x1) ** 2 + (y2 - y1) ** 2)));
  return (x - (x1 + t * (x2 - x1))) ** 2 + (y - (y1 + t * (y2 - y1))) ** 2 <= HORIZON.halfWidth ** 2;
};

/** The colour at a point of the 32-unit view box, or null outside the icon. Later shapes paint over earlier ones. */
function colourAt(x, y, maskable) {
  if (maskable) {
    // Full bleed; the mark at 70% around the centre.
    const mx = 16 + (x - 16) / 0.7;
    const my = 16 + (y - 16) / 0.7;
    if (insideHorizon(mx, my)) return WHITE;
    if (insideSun(mx, my)) return SUN;
    return INDIGO;
  }
  if (!insideRoundedSquare(x, y)) return null;
  if (insideHorizon(x, y)) return WHITE;
  if (insideSun(x, y)) return SUN;
  return INDIGO;
}

/** RGBA pixels, each the average of 4x4 samples (antialiased edges). */
function draw(size, maskable) {
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 32;
          const y = ((py + (sy + 0.5) / samples) / size) * 32;
          const colour = colourAt(x, y, maskable);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered += 1;
        }
      }
      const at = (py * size + px) * 4;
      if (covered > 0) {
        pixels[at] = Math.round(r / covered);
        pixels[at + 1] = Math.round(g / covered);
        pixels[at + 2] = Math.round(b / covered);
      }
      pixels[at + 3] = Math.round((covered / samples ** 2) * 255);
    }
  }
  return pixels;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A PNG of 8-bit RGBA pixels, each row with filter type 0 (none). */
function encodePng(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const icons = [
  { file: "icon-192.png", size: 192, maskable: false },
  { file: "icon-512.png", size: 512, maskable: false },
  { file: "icon-maskable-192.png", size: 192, maskable: true },
  { file: "icon-maskable-512.png", size: 512, maskable: true },
];

mkdirSync(outDir, { recursive: true });
for (const { file, size, maskable } of icons) {
  const png = encodePng(size, draw(size, maskable));
  writeFileSync(path.join(outDir, file), png);
  console.log(`${path.relative(root, path.join(outDir, file))}: ${size}x${size}, ${png.length} bytes`);
}
