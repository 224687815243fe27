/**
 * The owner's Reviews screen (issue 30, decision 151): the list, hide, show again, approve, reply,
 * and the holding rules. Every route `access: 'admin'` (401 without a session, 403 for anyone but
 * an admin).
 */
import { messageSchema } from '@shared/contracts/common';
import {
  adminReviewAnswerSchema,
  adminReviewPageSchema,
  adminReviewQuerySchema,
  hideReviewBodySchema,
  replyReviewBodySchema,
  reviewDecisionBodySchema,
  reviewHoldRulesSchema,
  reviewIdParamsSchema,
} from '@shared/contracts/reviews';
import type { ModuleRoutes } from '../../../http';
import { holdRules, saveHoldRules } from '../hold-rules';
import { decide, reply, reviewsPage } from './service';

const admin = { access: 'admin' as const };
const tags = ['admin'];
const adminErrors = { 400: messageSchema, 401: messageSchema, 403: messageSchema };
const decisionErrors = { ...adminErrors, 404: messageSchema, 409: messageSchema };

export const reviewAdminRoutes: ModuleRoutes = async (app, ctx) => {
  app.get(
    '/api/admin/reviews',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Every review, newest first, with its book, order, state, reply, open reports and history; filter all, hidden, reported or held, and a rating; next_cursor asks for the next page',
        querystring: adminReviewQuerySchema,
        response: { 200: adminReviewPageSchema, ...adminErrors },
      },
    },
    async (request) => reviewsPage(ctx, request.query),
  );

  app.post(
    '/api/admin/reviews/:id/hide',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Hides a review from the book page, its average and count, with a reason kept in its history',
        params: reviewIdParamsSchema,
        body: hideReviewBodySchema,
        response: { 200: adminReviewAnswerSchema, ...decisionErrors },
      },
    },
    async (request) => decide(ctx, request.params.id, 'hide', request.body.reason, request.user!.email),
  );

  for (const decision of ['show', 'approve'] as const) {
    app.post(
      `/api/admin/reviews/:id/${decision}`,
      {
        config: admin,
        schema: {
          tags,
          summary:
            decision === 'show'
              ? 'Shows a hidden review again (an optional reason is kept in its history)'
              : 'Publishes a held review, or keeps a reported one up and clears its reports (an optional reason is kept)',
          params: reviewIdParamsSchema,
          body: reviewDecisionBodySchema,
          response: { 200: adminReviewAnswerSchema, ...decisionErrors },
        },
      },
      async (request) => decide(ctx, request.params.id, decision, request.body?.reason ?? '', request.user!.email),
    );
  }

  app.post(
    '/api/admin/reviews/:id/reply',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The shop’s public reply, shown under the review (empty text removes it)',
        params: reviewIdParamsSchema,
        body: replyReviewBodySchema,
        response: { 200: adminReviewAnswerSchema, ...adminErrors, 404: messageSchema },
      },
    },
    async (request) => reply(ctx, request.params.id, request.body.reply, request.user!.email),
  );

  app.get(
    '/api/admin/reviews/settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The holding rules: hold 1- and 2-star reviews, and reviews with a link or an e-mail address',
        response: { 200: reviewHoldRulesSchema, ...adminErrors },
      },
    },
    async () => holdRules(ctx.database.db),
  );

  app.post(
    '/api/admin/reviews/settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Switches the holding rules on or off (every instance applies them at once)',
        body: reviewHoldRulesSchema,
        response: { 200: reviewHoldRulesSchema, ...adminErrors },
      },
    },
    async (request) => saveHoldRules(ctx.database.db, request.body),
  );
};
