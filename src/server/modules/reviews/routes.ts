/** Reviews: review links, the order's books to review, adding and reading reviews. */
import { z } from 'zod';
import type { ModuleRoutes } from '../../http';
import {
  addReviewBodySchema,
  productReviewsSchema,
  reportReviewAnswerSchema,
  reviewIdParamsSchema,
  reviewSchema,
  userReviewsSchema,
  verifyReviewTokenBodySchema,
} from '@shared/contracts/reviews';
import { sessionAnswerSchema } from '@shared/contracts/accounts';
import { productListSchema } from '@shared/contracts/products';
import { messageSchema } from '@shared/contracts/common';
import { ownerFromParam } from '../../plugins/access';
import * as reviews from './service';

const tags = ['reviews'];

/** Reports one client address may send in an hour (decision 151). */
export const REPORT_LIMIT_PER_IP = 10;

export const reviewRoutes: ModuleRoutes = async (app, ctx) => {
  app.post(
    '/api/verify_review_token',
    {
      config: {
        access: 'public',
        rateLimit: { max: ctx.config.E2E_RELAXED_RATE_LIMITS ? 3000 : 30, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Exchange a mailed review link token for a session of the order’s customer',
        body: verifyReviewTokenBodySchema,
        response: { 200: sessionAnswerSchema },
      },
    },
    async (request) => ctx.flows.signInWithReviewLink(ctx, request.body.token),
  );

  app.get(
    '/api/server/fetch_order_products/:orderId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The order’s books not yet reviewed (the order’s owner only)',
        params: z.object({ orderId: z.string() }),
        response: { 200: productListSchema },
      },
    },
    async (request) => ctx.flows.booksToReview(ctx, request.user!, request.params.orderId),
  );

  app.post(
    '/api/server/add_review',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Review a book of one of your orders',
        body: addReviewBodySchema,
        response: { 201: reviewSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await reviews.addReview(ctx, request.user!, request.body)),
  );

  app.get(
    '/api/server/fetch_product_reviews/:productId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A book’s published reviews, newest first, with the shop’s replies, the average rating and the count',
        params: z.object({ productId: z.string() }),
        response: { 200: productReviewsSchema },
      },
    },
    async (request) => ctx.flows.bookReviews(ctx, request.params.productId),
  );

  app.get(
    '/api/server/fetch_user_reviews/:userId/:email',
    {
      config: { access: ownerFromParam('userId') },
      schema: {
        tags,
        summary:
          'Your own reviews, newest first; a held one has state held (waiting for approval), a hidden one is left out',
        params: z.object({ userId: z.string(), email: z.string() }),
        response: { 200: userReviewsSchema },
      },
    },
    async (request) => reviews.userReviews(ctx, request.user!, request.params.email),
  );

  app.post(
    '/api/server/reviews/:id/report',
    {
      config: {
        access: 'public',
        // Per client address, in the shared store (plugins/rate-limit-store.ts).
        rateLimit: {
          max: REPORT_LIMIT_PER_IP * (ctx.config.E2E_RELAXED_RATE_LIMITS ? 100 : 1),
          timeWindow: '1 hour',
          groupId: 'review-report-ip',
        },
      },
      schema: {
        tags,
        summary:
          'Reports a published review to the owner; it stays up until the owner decides (10 an hour per address)',
        params: reviewIdParamsSchema,
        response: { 200: reportReviewAnswerSchema, 400: messageSchema, 404: messageSchema, 429: messageSchema },
      },
    },
    async (request) => reviews.reportReview(ctx, request.params.id),
  );
};
