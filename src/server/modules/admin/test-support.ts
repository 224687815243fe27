/**
 * Helpers for the admin API tests: real images made with sharp, hostile files, and multipart
 * bodies for app.inject.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { App } from '../../app';

export async function pngImage(colour: string, size = 32): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } }).png().toBuffer();
}

export async function jpegImage(size = 256): Promise<Buffer> {
  // noise, so the file is big enough that cutting it loses real image data
  const raw = Buffer.alloc(size * size * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

export const truncated = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.6));

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

export const textFile = Buffer.from('This is not a picture, just text renamed to .png\n');

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
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 20,000 × 20,000 one-colour PNG (1-bit greyscale): about 50 kB on disk, 400 million
 * pixels when decoded. Built by hand in well under a second, where rendering it takes ~30 s.
 */
export function pixelBombPng(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

export interface FilePart {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body: text fields, then `images` files in the order given. */
export function multipartBody(fields: Record<string, string>, images: FilePart[] = [], fileField = 'images') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const image of images) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${image.filename}"\r\nContent-Type: ${image.contentType}\r\n\r\n`),
      image.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const png = (bytes: Buffer, filename = 'cover.png'): FilePart => ({ filename, contentType: 'image/png', bytes });

/** The product form's text fields for a book (fixture-shaped: price in pence). */
export function productFormFields(book: { id: string; name: string; type?: string; description?: string; age?: string; pricePence?: number }): Record<string, string> {
  return {
    id: book.id,
    name: book.name,
    type: book.type ?? 'Puzzle',
    description: book.description ?? 'A printed book for tests.',
    age: book.age ?? '',
    price: ((book.pricePence ?? 799) / 100).toFixed(2),
  };
}

/** An admin's multipart post of the product form (add_product, edit_product/{id}). */
export function adminForm(app: App, token: string, url: string, fields: Record<string, string>, images: FilePart[] = []) {
  const { payload, headers } = multipartBody(fields, images);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
}
