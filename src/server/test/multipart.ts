/** Multipart bodies for app.inject: the product form's fields and image files (pictures from ./images.ts). */
import type { App } from '../app';

export interface FilePart {
  filename: string;
  contentType: string;
  bytes: Buffer;
  /** The file's field name, when not the body's `fileField`. */
  field?: string;
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
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${image.field ?? fileField}"; filename="${image.filename}"\r\nContent-Type: ${image.contentType}\r\n\r\n`,
      ),
      image.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const png = (bytes: Buffer, filename = 'cover.png'): FilePart => ({ filename, contentType: 'image/png', bytes });

/** The product form's text fields for a book (fixture-shaped: price in pence). */
export function productFormFields(book: {
  id: string;
  name: string;
  type?: string;
  description?: string;
  age?: string;
  pricePence?: number;
}): Record<string, string> {
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
export function adminForm(
  app: App,
  token: string,
  url: string,
  fields: Record<string, string>,
  images: FilePart[] = [],
) {
  const { payload, headers } = multipartBody(fields, images);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
}
