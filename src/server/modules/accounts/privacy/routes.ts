/**
 * Privacy rights (issue 28, decision 145): the customer's "Download my data" and "Delete my
 * account", and the owner's "Privacy requests" (find, export and erase what is held for any
 * address, guests included; the audit list).
 */
import { z } from 'zod';
import {
  deleteAccountAnswerSchema,
  deleteAccountBodySchema,
  myDataParamsSchema,
  personalDataSchema,
  privacyEraseAnswerSchema,
  privacyEraseBodySchema,
  privacyExportBodySchema,
  privacyLookupAnswerSchema,
  privacyLookupQuerySchema,
  privacyRequestsAnswerSchema,
} from '@shared/contracts/accounts';
import { messageSchema } from '@shared/contracts/common';
import type { ModuleRoutes } from '../../../http';
import { ownerFromParam } from '../../../plugins/access';
import { privacyRequestList, recordPrivacyRequest } from './repository';
import { deleteMyAccount, myData } from './service';

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema };
const admin = { access: 'admin' as const };

const attachment = {
  description: 'A JSON attachment named my-data-YYYY-MM-DD.json',
  content: { 'application/json': { schema: personalDataSchema } },
};

export const privacyRoutes: ModuleRoutes = async (app, ctx) => {
  app.get(
    '/api/server/my_data/:userId',
    {
      config: { access: ownerFromParam('userId') },
      schema: {
        tags: ['accounts'],
        summary:
          'Download my data: everything the shop holds for the signed-in account and its verified address, as a JSON attachment (own id only, else 403)',
        params: myDataParamsSchema,
        response: { 200: attachment, ...errors },
      },
    },
    async (request, reply) => {
      const data = await myData(ctx, request.params.userId);
      return reply
        .header('content-disposition', `attachment; filename="${ctx.flows.personalDataFileName(new Date())}"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.post(
    '/api/server/delete_account',
    {
      // The password asked again must not be a way to guess it: 10 tries a quarter of an hour per client.
      config: { access: 'user', rateLimit: { max: 10, timeWindow: 15 * 60_000 } },
      schema: {
        tags: ['accounts'],
        summary:
          'Delete my account: the password again (401 when wrong, nothing deleted); an account without a password is mailed a single-use link whose token it sends instead. Ends every session',
        body: deleteAccountBodySchema,
        response: { 200: deleteAccountAnswerSchema, ...errors },
      },
    },
    async (request) => deleteMyAccount(ctx, request.user!.id, request.body),
  );

  app.get(
    '/api/admin/privacy',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Everything the shop holds for an e-mail address, guests included: counts and the data itself',
        querystring: privacyLookupQuerySchema,
        response: { 200: privacyLookupAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const subject = await ctx.flows.addressSubject(ctx.database.db, request.query.email);
      const data = await ctx.flows.collectPersonalData(ctx, subject);
      return {
        email: subject.email,
        counts: ctx.flows.countsOf(data),
        isOwner: subject.user?.role === 'admin',
        data,
      };
    },
  );

  app.post(
    '/api/admin/privacy/export',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: "An address's data as the same JSON attachment a customer downloads; recorded in the audit list",
        body: privacyExportBodySchema,
        response: { 200: attachment, ...errors },
      },
    },
    async (request, reply) => {
      const subject = await ctx.flows.addressSubject(ctx.database.db, request.body.email);
      const data = await ctx.flows.collectPersonalData(ctx, subject);
      await recordPrivacyRequest(ctx.database.db, {
        kind: 'export',
        requestedBy: request.user!.email,
        email: subject.email,
        counts: ctx.flows.countsOf(data),
      });
      return reply
        .header('content-disposition', `attachment; filename="${ctx.flows.personalDataFileName(new Date())}"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.post(
    '/api/admin/privacy/erase',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          "Erase an address's personal data by the rules of a customer's own deletion (guest orders included; reviews deleted unless 'anonymise'); an owner's account answers 403; recorded in the audit list",
        body: privacyEraseBodySchema,
        response: { 200: privacyEraseAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const subject = await ctx.flows.addressSubject(ctx.database.db, request.body.email);
      const counts = await ctx.flows.erasePersonalData(ctx, subject, {
        reviews: request.body.reviews,
        requestedBy: request.user!.email,
      });
      return { message: 'The personal data of this address has been erased.', counts };
    },
  );

  app.get(
    '/api/admin/privacy/requests',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'The audit list of privacy exports and erasures, newest first (who, when, the address as a SHA-256 hash)',
        querystring: z.object({}),
        response: { 200: privacyRequestsAnswerSchema, ...errors },
      },
    },
    async () => ({ requests: await privacyRequestList(ctx.database.db) }),
  );
};
