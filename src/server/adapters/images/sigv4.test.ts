import { describe, expect, it } from 'vitest';
import { EMPTY_PAYLOAD_HASH, signRequest, uriEncode } from './sigv4';

describe('signRequest (AWS Signature Version 4)', () => {
  it("matches AWS's published example for GET Object", () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object"
    const headers = signRequest(
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY_PAYLOAD_HASH,
        date: new Date('2013-05-24T00:00:00Z'),
      },
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('changes the signature when anything signed changes', () => {
    const keys = { accessKeyId: 'id', secretAccessKey: 'secret', region: 'eu-west-2' };
    const base = {
      method: 'PUT',
      url: new URL('http://127.0.0.1:9000/bucket/a'),
      payloadHash: 'ab'.repeat(32),
      date: new Date('2024-01-01T00:00:00Z'),
    };
    const signature = (request: typeof base) => signRequest(keys, request).authorization;
    expect(signature(base)).toBe(signature({ ...base }));
    expect(signature({ ...base, url: new URL('http://127.0.0.1:9000/bucket/b') })).not.toBe(signature(base));
    expect(signature({ ...base, payloadHash: 'cd'.repeat(32) })).not.toBe(signature(base));
    expect(signRequest({ ...keys, secretAccessKey: 'other' }, base).authorization).not.toBe(signature(base));
  });

  it('encodes as RFC 3986 asks', () => {
    expect(uriEncode('a b/c*~', false)).toBe('a%20b%2Fc%2A~');
    expect(uriEncode('variants/k/640.webp', true)).toBe('variants/k/640.webp');
    expect(uriEncode('é', false)).toBe('%C3%A9');
  });
});
