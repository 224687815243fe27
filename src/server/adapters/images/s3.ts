/**
 * The S3-compatible image store (AWS S3, MinIO, R2 ...), used when S3_ENDPOINT, S3_BUCKET,
 * S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set. Path-style addressing
 * (`<endpoint>/<bucket>/<key>`), which every S3-compatible service accepts. Requests are signed
 * with SigV4 (./sigv4.ts) and sent with fetch; no SDK. See docs/decisions/061-s3-without-sdk.md.
 */
import { EMPTY_PAYLOAD_HASH, sha256Hex, signRequest, uriEncode, type SigningKeys } from './sigv4';
import type { ImageStore } from './store';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Per request; a stuck store must not hold image requests for ever. */
  timeoutMs?: number;
}

export class S3Error extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

export function s3ImageStore(options: S3Options): ImageStore {
  const keys: SigningKeys = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
  };
  const base = options.endpoint.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10000;
  const urlFor = (key: string) => new URL(`${base}/${uriEncode(options.bucket, false)}/${uriEncode(key, true)}`);

  async function send(method: 'GET' | 'PUT', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const url = urlFor(key);
    const extra: Record<string, string> = contentType ? { 'content-type': contentType } : {};
    const headers = signRequest(keys, {
      method,
      url,
      headers: extra,
      payloadHash: body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH,
    });
    return fetch(url, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  async function failure(response: Response, what: string): Promise<S3Error> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    return new S3Error(`S3 ${what} failed: ${response.status}${code ? ` ${code}` : ''}`, response.status);
  }

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, contentType);
      if (!response.ok) throw await failure(response, `PUT ${key}`);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await failure(response, `GET ${key}`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
