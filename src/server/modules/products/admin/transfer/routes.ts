/**
 * The catalogue as a spreadsheet (issue 30, decision 153): GET /api/admin/products/export and
 * POST /api/admin/products/import?dry_run=true|false (multipart: the CSV as `file`, an optional
 * ZIP of images as `images`). Registered inside the admin products' multipart scope; owner only.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../../context';
import { badRequest } from '../../../../lib/errors';
import { fileBytes, formParts } from '../../../../lib/form-parts';
import { messageSchema } from '@shared/contracts/common';
import {
  importFileProblemSchema,
  productExportQuerySchema,
  productImportQuerySchema,
  productImportReportSchema,
} from '@shared/contracts/products';
import { exportProductsCsv } from './export';
import { importProducts, type ImportFiles } from './import';
import { FileProblem } from './read-file';

/** Each of the two files may be this large. */
export const IMPORT_FILE_MAX_BYTES = 64 * 1024 * 1024;
const IMPORT_LIMITS = { fileSize: IMPORT_FILE_MAX_BYTES, files: 2, fields: 10, fieldSize: 1024, parts: 12 };
const IMPORT_MESSAGES: Record<string, string> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the import as multipart/form-data: the CSV as "file", images as "images".',
  FST_REQ_FILE_TOO_LARGE: `A file of the import is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB: import the catalogue in parts.`,
  FST_FILES_LIMIT: 'Send one CSV as "file" and at most one ZIP as "images".',
};

async function readImportFiles(request: FastifyRequest): Promise<ImportFiles> {
  let csv: Buffer | null = null;
  let images: Buffer | null = null;
  for await (const part of formParts(request, IMPORT_LIMITS, IMPORT_MESSAGES)) {
    if (part.type !== 'file') continue;
    if ((part.fieldname !== 'file' && part.fieldname !== 'images') || (part.fieldname === 'file' ? csv : images)) {
      part.file.resume();
      throw badRequest(IMPORT_MESSAGES.FST_FILES_LIMIT!);
    }
    const bytes = await fileBytes(part, IMPORT_MESSAGES);
    if (part.fieldname === 'file') csv = bytes;
    else images = bytes;
  }
  if (!csv) throw badRequest('Send the spreadsheet, saved as CSV, as the "file" field.');
  return { csv, images };
}

const admin = { access: 'admin' as const };
const refusals = { 401: messageSchema, 403: messageSchema };

export async function productTransferRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const scope = app.withTypeProvider<ZodTypeProvider>();

  scope.get(
    '/api/admin/products/export',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'The whole catalogue as a text/csv attachment products-YYYY-MM-DD.csv (UTF-8 with BOM, CRLF, formula cells neutralised): one row a book with every field of the product form and its image addresses (image_1 to image_6); archived=true adds the archived books and an archived column',
        querystring: productExportQuerySchema,
        response: {
          200: {
            description: 'An attachment named products-YYYY-MM-DD.csv',
            content: { 'text/csv': { schema: z.string().describe('CSV, UTF-8 with BOM, CRLF') } },
          },
          400: messageSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportProductsCsv(ctx, request.query.archived === 'true')) as unknown as string);
    },
  );

  scope.post(
    '/api/admin/products/import',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Import books from a CSV with the export\'s columns (multipart: the CSV as "file", an optional ZIP of images as "images"), matched by ID; a column left out is left alone. dry_run=true (the default) reports what would be added, changed (old → new) and left alone and every problem by row (header = row 1) and column, writing nothing; dry_run=false writes all of it in one transaction, or nothing when any row has a problem (applied: false). A file that cannot be read is a 400 with its row and column',
        consumes: ['multipart/form-data'],
        querystring: productImportQuerySchema,
        response: { 200: productImportReportSchema, 400: importFileProblemSchema, 409: messageSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const files = await readImportFiles(request);
      try {
        return await importProducts(ctx, files, { dryRun: request.query.dry_run !== 'false' });
      } catch (error) {
        if (!(error instanceof FileProblem)) throw error;
        return reply.code(400).send({
          message: error.message,
          ...(error.row === undefined ? {} : { row: error.row }),
          ...(error.column === undefined ? {} : { column: error.column }),
        });
      }
    },
  );
}
