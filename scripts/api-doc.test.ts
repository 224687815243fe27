import { describe, expect, it } from 'vitest';
import { describeAccess, renderApiDoc, typeOf } from './api-doc';

describe('API contract document', () => {
  it('writes a schema as a short type', () => {
    expect(typeOf({ type: 'string', maxLength: 10 })).toBe('string (0..10 chars)');
    expect(typeOf({ type: 'integer', minimum: 1, maximum: 99 })).toBe('integer 1..99');
    expect(typeOf({ type: 'string', enum: ['Kids', 'Adults'], nullable: true } as never)).toBe(
      '"Kids" \\| "Adults" \\| null',
    );
    expect(
      typeOf({ type: 'object', properties: { id: { type: 'string' }, qty: { type: 'number' } }, required: ['id'] }),
    ).toBe('{ id: string, qty?: number }');
    expect(typeOf({ type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } })).toBe(
      '{ id?: string }[]',
    );
  });

  it('names who may call a route', () => {
    expect(describeAccess('admin')).toBe('admin');
    expect(describeAccess({ owner: () => null, source: { in: 'params', name: 'userId' } })).toBe(
      'owner (path `userId`)',
    );
    expect(describeAccess({ owner: () => null, admin: true, source: { in: 'body', name: 'user_id' } })).toBe(
      'owner (body `user_id`) or admin',
    );
  });

  it('lists every route under its tag with its rule, parameters and answers', () => {
    const doc = renderApiDoc(
      {
        '/api/x/{id}': {
          get: {
            tags: ['things'],
            summary: 'A thing',
            parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
            responses: {
              200: {
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
                  },
                },
              },
            },
          },
        },
      },
      [
        { method: 'GET', url: '/api/x/:id', access: 'user' },
        { method: 'HEAD', url: '/api/x/:id', access: 'user' },
      ],
    );
    expect(doc).toContain(
      '## things\n\n### GET /api/x/{id}\n\nA thing\n\n- Who: **user**\n- Path `id`: string\n- 200: { ok: boolean }',
    );
    expect(doc).not.toContain('HEAD');
  });
});
