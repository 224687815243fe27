/**
 * A tiny S3-compatible server for tests: PUT and GET of objects in one bucket, kept in memory,
 * with each request's SigV4 signature checked from the bytes received (independently of the
 * client's signer), so a wrong host, path, date, body hash or secret is refused as S3 would.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: Array<{ method: string; key: string; status: number }>;
  /** Answer every request with this status until set back to null. */
  failWith: number | null;
  close(): Promise<void>;
}

const xmlError = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;

export async function startFakeS3(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string; region?: string } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'shop-images';
  const accessKeyId = options.accessKeyId ?? 'FAKEACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'fake/secret/key';
  const region = options.region ?? 'eu-west-2';
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3['requests'] = [];

  const verify = (request: http.IncomingMessage, body: Buffer): string | null => {
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        request.headers.authorization ?? '',
      );
    if (!auth) return 'AuthorizationHeaderMalformed';
    const [, keyId, day, signedRegion, signedHeaders, signature] = auth;
    if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
    if (signedRegion !== region) return 'AuthorizationHeaderMalformed';
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== createHash('sha256').update(body).digest('hex')) return 'XAmzContentSHA256Mismatch';
    const stamp = String(request.headers['x-amz-date'] ?? '');
    if (!stamp.startsWith(day!)) return 'AccessDenied';
    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
    const canonical = [
      request.method,
      (request.url ?? '/').split('?')[0],
      '',
      names.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`).join(''),
      signedHeaders,
      payloadHash,
    ].join('\n');
    const toSign = [
      'AWS4-HMAC-SHA256',
      stamp,
      `${day}/${region}/s3/aws4_request`,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    const h = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
    const signingKey = h(h(h(h(`AWS4${secretAccessKey}`, day!), region), 's3'), 'aws4_request');
    return createHmac('sha256', signingKey).update(toSign).digest('hex') === signature ? null : 'SignatureDoesNotMatch';
  };

  const fake: FakeS3 = {
    url: '',
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    objects,
    requests,
    failWith: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = decodeURIComponent((request.url ?? '/').split('?')[0]!);
      const prefix = `/${bucket}/`;
      const key = path.startsWith(prefix) ? path.slice(prefix.length) : '';
      const answer = (status: number, payload: Buffer | string, type = 'application/xml') => {
        requests.push({ method: request.method ?? '', key, status });
        response.writeHead(status, { 'content-type': type }).end(payload);
      };
      if (fake.failWith) return answer(fake.failWith, xmlError('InternalError'));
      if (!key) return answer(404, xmlError('NoSuchBucket'));
      const problem = verify(request, body);
      if (problem) return answer(403, xmlError(problem));
      if (request.method === 'PUT') {
        objects.set(key, { body, contentType: String(request.headers['content-type'] ?? 'application/octet-stream') });
        return answer(200, '');
      }
      if (request.method === 'GET') {
        const object = objects.get(key);
        return object ? answer(200, object.body, object.contentType) : answer(404, xmlError('NoSuchKey'));
      }
      return answer(405, xmlError('MethodNotAllowed'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
