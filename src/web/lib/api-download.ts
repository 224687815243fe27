/**
 * Files from the API (the owner's CSV export): the same token and the same errors as every other
 * call (lib/api.ts), no contract. Its own module, so a shopper's first page does not carry it
 * (decision 124): only the owner's screens import it.
 */
import { ApiError, UNREACHABLE, refusal, type CallOptions } from './api';
import { STORAGE_KEYS, readText } from './storage';

/** A file the server sent, and the name its Content-Disposition gives it (null without one). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''…` first, else `filename=…`. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  return /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header)?.slice(1).find(Boolean)?.trim() || null;
}

/**
 * GETs a file (a CSV export) as bytes, or POSTs `body` as JSON for one (the owner's privacy
 * export), with the same token and the same errors as every other call; no contract applies to a file.
 */
export async function download(path: string, options: CallOptions & { body?: unknown } = {}): Promise<DownloadedFile> {
  const token = options.token === undefined ? readText(STORAGE_KEYS.token) : options.token;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      headers,
      signal: options.signal,
      ...(options.body !== undefined ? { method: 'POST', body: JSON.stringify(options.body) } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, UNREACHABLE);
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    throw refusal(response.status, data, token, options);
  }
  return { blob: await response.blob(), filename: dispositionFilename(response.headers.get('content-disposition')) };
}
