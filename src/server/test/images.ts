/**
 * Image files for tests: real pictures in each accepted format, and the files an attacker or a
 * careless upload would send (renamed text, SVG with script, truncated JPEG, decompression bomb).
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { ImageStore } from '../adapters/images/store';
import { memoryImageStore } from '../adapters/images/store';

export type PictureFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

/** A one-colour PNG, `size` pixels square. */
export async function pngImage(colour: string, size = 32): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A JPEG of noise, so the file is big enough that cutting it loses real image data. */
export async function jpegImage(size = 256): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The first 60 % of a file: a truncated upload. */
export const truncated = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.6));

/** A small picture with some detail (so each colour gives different bytes). */
export function picture(
  format: PictureFormat,
  options: { width?: number; height?: number; colour?: string } = {},
): Promise<Buffer> {
  const width = options.width ?? 400;
  const height = options.height ?? 300;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${options.colour ?? '#2a6f97'}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f4d35e"/></svg>`;
  return sharp(Buffer.from(svg))[format]().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A real, valid decompression bomb: a 1-bit greyscale PNG of `side` x `side` black pixels whose
 * file is tiny (about 50 kB for 20,000 px) but decodes to hundreds of megapixels. Built by hand
 * in well under a second, where rendering it takes ~30 s.
 */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte (0: none) + pixels
  const raw = Buffer.alloc(rowBytes * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
);

export const textFile = Buffer.from('This is a shopping list, not a picture.\nEggs, flour, sugar.\n');

/** An image store that counts puts and can be told to fail. */
export function countingStore(inner: ImageStore = memoryImageStore()) {
  const puts: string[] = [];
  let failing = false;
  const store: ImageStore = {
    kind: inner.kind,
    async put(key, bytes, contentType) {
      if (failing) throw new Error('store unreachable');
      puts.push(key);
      await inner.put(key, bytes, contentType);
    },
    async get(key) {
      if (failing) throw new Error('store unreachable');
      return inner.get(key);
    },
  };
  return { store, puts, fail: (value: boolean) => (failing = value) };
}
