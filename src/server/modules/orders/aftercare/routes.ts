/**
 * An order's after-care routes (issue 27, docs/api.md): replacements, address corrections (the
 * owner's and the customer's), private notes, and the customer's problem reports (multipart, with
 * photos; limited per client address like the contact form).
 */
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_IMAGE_MAX_BYTES } from '@shared/constants';
import { messageSchema } from '@shared/contracts/common';
import {
  closeProblemBodySchema,
  deliveryAddressInputSchema,
  orderNoteBodySchema,
  PROBLEM_PHOTOS_MAX,
  problemReportedSchema,
  replacementBodySchema,
  replacementCreatedSchema,
  replacementRefusedSchema,
} from '@shared/contracts/orders';
import type { ModuleRoutes } from '../../../http';
import { AppError, badRequest } from '../../../lib/errors';
import { fileBytes, formParts } from '../../../lib/form-parts';
import { IMAGE_MESSAGES } from '../../images';
import { correctAddressByCustomer, correctAddressByOwner } from './address';
import { addNote, closeProblemWithNote, reportProblem, type ProblemSubmission } from './problems';
import { sendReplacement } from './replacements';

const admin = { access: 'admin' as const };
const orderParams = z.object({ orderId: z.uuid({ message: 'must be an order id' }) });
const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
};

/** Reports per client address per hour, as the contact form's (relaxed for the browser tests). */
export const PROBLEM_REPORTS_PER_IP = 10;

const photoLimits = {
  fileSize: PRODUCT_IMAGE_MAX_BYTES,
  files: PROBLEM_PHOTOS_MAX,
  fields: 5,
  fieldSize: 16 * 1024,
  parts: PROBLEM_PHOTOS_MAX + 5,
  headerPairs: 100,
};
const FORM_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: `At most ${PROBLEM_PHOTOS_MAX} photos can be sent with a report.`,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the report as multipart/form-data.',
};

/** The report's fields and photos; a photo over the size limit is a 413. */
async function readReport(request: Parameters<typeof formParts>[0]): Promise<ProblemSubmission> {
  const fields: Record<string, string | undefined> = {};
  const photos: Buffer[] = [];
  for await (const part of formParts(request, photoLimits, FORM_MESSAGES)) {
    if (part.type === 'file') {
      if (part.fieldname !== 'photos') {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}": send photos as "photos".`);
      }
      const tooLarge = `Photo ${photos.length + 1}: ${IMAGE_MESSAGES.tooLarge}`;
      const bytes = await fileBytes(part, { ...FORM_MESSAGES, FST_REQ_FILE_TOO_LARGE: tooLarge }).catch((error) => {
        throw error instanceof AppError && error.message === tooLarge
          ? new AppError(413, tooLarge, 'PAYLOAD_TOO_LARGE')
          : error;
      });
      photos.push(bytes);
    } else if (['reason', 'message', 'token'].includes(part.fieldname)) {
      if (part.valueTruncated) throw badRequest(`The ${part.fieldname} field is too long.`);
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    }
  }
  return { fields, photos };
}

export const aftercareRoutes: ModuleRoutes = async (app, ctx) => {
  app.post(
    '/api/admin/orders/:orderId/replacements',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Send some of an order’s books again, free (lost, damaged, misprinted): a replacement order linked to it, printed through the queue; a book already replaced needs confirm_again',
        params: orderParams,
        body: replacementBodySchema,
        response: { 201: replacementCreatedSchema, ...errors, 409: replacementRefusedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendReplacement(ctx, request.params.orderId, request.body, request.user!.email)),
  );

  app.patch(
    '/api/admin/orders/:orderId/delivery_address',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Correct an order’s delivery address while its print job has not been sent (409 once the printer holds it); an order held for its address goes to the printer',
        params: orderParams,
        body: deliveryAddressInputSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => correctAddressByOwner(ctx, request.params.orderId, request.body, request.user!.email),
  );

  app.patch(
    '/api/orders/:orderId/delivery_address',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'The customer corrects the delivery address of their own order before it is sent to the printer',
        params: orderParams,
        body: deliveryAddressInputSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) =>
      correctAddressByCustomer(ctx, request.params.orderId, request.body, {
        id: request.user!.id,
        email: request.user!.email,
      }),
  );

  app.post(
    '/api/admin/orders/:orderId/notes',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'A private note on an order: in its history for the owner, never shown or mailed to the customer',
        params: orderParams,
        body: orderNoteBodySchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addNote(ctx, request.params.orderId, request.body.text, request.user!.email)),
  );

  app.post(
    '/api/admin/orders/:orderId/problem/close',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Close the order’s open problem report with a note (a replacement closes it by itself)',
        params: orderParams,
        body: closeProblemBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => closeProblemWithNote(ctx, request.params.orderId, request.body.text, request.user!.email),
  );

  const relax = ctx.config.E2E_RELAXED_RATE_LIMITS ? 100 : 1;
  await app.register(async (plain) => {
    await plain.register(multipart, { limits: photoLimits });
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      '/api/orders/:orderId/problems',
      {
        config: {
          // The order's customer, or the mailed link's token (a form field): checked by the service.
          access: 'public',
          rateLimit: { max: PROBLEM_REPORTS_PER_IP * relax, timeWindow: '1 hour', groupId: 'problem-ip' },
        },
        schema: {
          tags: ['orders'],
          summary: `Report a problem with a sent order (multipart: reason, message, photos ×0–${PROBLEM_PHOTOS_MAX}, and token for the mailed link); one open report per order`,
          consumes: ['multipart/form-data'],
          params: orderParams,
          response: { 201: problemReportedSchema, ...errors, 413: messageSchema, 429: messageSchema },
        },
      },
      async (request, reply) => {
        const submission = await readReport(request);
        const answer = await reportProblem(ctx, request.params.orderId, submission, {
          userId: request.user?.id ?? null,
          token: submission.fields.token || null,
        });
        return reply.status(201).send(answer);
      },
    );
  });
};
