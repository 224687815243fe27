/** Multipart bodies for app.inject: the product form's fields and image files (pictures from ./images.ts). */

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
