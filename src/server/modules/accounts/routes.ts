/** Accounts: sign-up, login, admin two-step login, verification, password reset, social sign-in. */
import type { ModuleRoutes } from '../../http';
import { bearerToken } from '../../plugins/access';
import {
  accountAnswerSchema,
  changePasswordBodySchema,
  checkVerificationAnswerSchema,
  checkVerificationQuerySchema,
  choosePasswordBodySchema,
  credentialsBodySchema,
  loginAnswerSchema,
  messageAnswerSchema,
  passwordChoiceAnswerSchema,
  requestPasswordResetBodySchema,
  resendVerificationParamsSchema,
  sessionAnswerSchema,
  socialLoginBodySchema,
  successAnswerSchema,
  verifyAdminQuerySchema,
  verifyEmailQuerySchema,
} from '@shared/contracts/accounts';
import {
  bindingFrom,
  choosePasswordTokenFrom,
  clearBindingCookie,
  clearChoosePasswordCookie,
  setBindingCookie,
  setChoosePasswordCookie,
} from './browser-binding';
import { SIGN_IN_BUDGETS, signInRateLimit } from './rate-limits';
import * as accounts from './service';

const tags = ['accounts'];

export const accountRoutes: ModuleRoutes = async (app, ctx) => {
  const limit = (name: keyof typeof SIGN_IN_BUDGETS) => signInRateLimit(app, ctx.config, name);

  app.addHook('onReady', () => accounts.ensureConfiguredAdmin(ctx));

  app.post(
    '/api/create_account',
    {
      config: { access: 'public' },
      preHandler: limit('create_account'),
      schema: {
        tags,
        summary: 'Create a customer account; mails a verification link',
        body: credentialsBodySchema,
        response: { 201: accountAnswerSchema },
      },
    },
    async (request, reply) => {
      const { answer, browserBinding } = await accounts.createAccount(ctx, request.body);
      setBindingCookie(reply, ctx.config, browserBinding);
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/login',
    {
      config: { access: 'public' },
      preHandler: limit('login'),
      schema: {
        tags,
        summary: 'Sign in with e-mail and password (an admin gets step one of the two-step login)',
        body: credentialsBodySchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => accounts.login(ctx, request.body),
  );

  // Public to the permission layer: its bearer is the login's admin verification token, not a
  // session, and the service checks it together with the mailed token (401 otherwise).
  app.get(
    '/api/admin/verify_admin',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Admin login step two: the verification token (bearer) and the mailed token (query) for a session',
        querystring: verifyAdminQuerySchema,
        response: { 200: sessionAnswerSchema },
      },
    },
    async (request) => accounts.verifyAdmin(ctx, bearerToken(request), request.query.token),
  );

  app.post(
    '/api/social_login',
    {
      config: { access: 'public' },
      preHandler: limit('social_login'),
      schema: {
        tags,
        summary: 'Sign in with a Google ID token or a Facebook access token',
        body: socialLoginBodySchema,
        response: { 200: sessionAnswerSchema },
      },
    },
    async (request) => accounts.socialLogin(ctx, request.body.provider, request.body.token),
  );

  app.get(
    '/api/check_verification',
    {
      config: { access: 'public' },
      preHandler: limit('check_verification'),
      schema: {
        tags,
        summary: 'Whether an address is verified (false for an unknown one)',
        querystring: checkVerificationQuerySchema,
        response: { 200: checkVerificationAnswerSchema },
      },
    },
    async (request) => accounts.checkVerification(ctx, request.query.email),
  );

  app.get(
    '/api/verify_email',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The mailed verification link: verifies and redirects to /?verified=true|false; opened outside the signing-up browser, also sets the choose_password cookie',
        querystring: verifyEmailQuerySchema,
      },
    },
    async (request, reply) => {
      const outcome = await accounts.verifyEmail(ctx, request.query.token, bindingFrom(request));
      if (outcome.verified) clearBindingCookie(reply, ctx.config);
      if (outcome.choosePasswordToken) setChoosePasswordCookie(reply, ctx.config, outcome.choosePasswordToken);
      return reply.redirect(`/?verified=${outcome.verified}`, 302);
    },
  );

  // The two calls of the page a verification link leads to when it was opened outside the
  // signing-up browser (decisions/130). Their credential is the choose_password cookie's reset
  // token; no bearer is read.
  app.get(
    '/api/choose_password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The address this browser may choose a password for (its choose_password cookie); 401 when there is none',
        response: { 200: passwordChoiceAnswerSchema },
      },
    },
    async (request) => accounts.pendingPasswordChoice(ctx, choosePasswordTokenFrom(request)),
  );

  app.post(
    '/api/choose_password',
    {
      config: { access: 'public' },
      preHandler: limit('choose_password'),
      schema: {
        tags,
        summary: 'Choose the password with the choose_password cookie (used once) and sign in',
        body: choosePasswordBodySchema,
        response: { 200: accountAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await accounts.choosePassword(ctx, choosePasswordTokenFrom(request), request.body.password);
      clearChoosePasswordCookie(reply, ctx.config);
      return answer;
    },
  );

  app.post(
    '/api/resend_verification/:email',
    {
      config: { access: 'public' },
      preHandler: limit('resend_verification'),
      schema: {
        tags,
        summary: 'Mail a new verification link (same answer for any address)',
        params: resendVerificationParamsSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => accounts.resendVerification(ctx, request.params.email),
  );

  app.post(
    '/api/request_password_reset',
    {
      config: { access: 'public' },
      preHandler: limit('request_password_reset'),
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer for any address)',
        body: requestPasswordResetBodySchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => accounts.requestPasswordReset(ctx, request.body.email),
  );

  app.post(
    '/api/change_password',
    {
      config: { access: 'public' },
      preHandler: limit('change_password'),
      schema: {
        tags,
        summary: 'Set a new password with a mailed reset token',
        body: changePasswordBodySchema,
        response: { 200: successAnswerSchema },
      },
    },
    async (request) => accounts.changePassword(ctx, request.body.token, request.body.password),
  );
};
