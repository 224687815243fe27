/**
 * The owner's backups (issue 31, decision 134): the list with each one's verified state, and
 * "Back up now". Admin only (401 without a session, 403 for anyone else).
 */
import { messageSchema } from '@shared/contracts/common';
import { backupListSchema, backupMadeSchema } from '@shared/contracts/dashboard';
import type { ModuleRoutes } from '../../../http';
import { conflict, unavailable } from '../../../lib/errors';
import { BackupInProgressError } from './service';

const admin = { access: 'admin' as const };
const adminErrors = { 401: messageSchema, 403: messageSchema };

export const backupRoutes: ModuleRoutes = async (app, ctx) => {
  app.get(
    '/api/admin/backups',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'The backups in BACKUP_DIR, newest first, each with its manifest and whether it was verified; the last good backup, whether it is late, and the last failure',
        response: { 200: backupListSchema, ...adminErrors },
      },
    },
    async () => ctx.backups.list(),
  );

  app.post(
    '/api/admin/backups',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Makes a backup now and verifies it: 201 with its file name and manifest (409 while one is being made or when backups are not set up; 503 when it failed: the owner is mailed)',
        response: { 201: backupMadeSchema, ...adminErrors, 409: messageSchema, 503: messageSchema },
      },
    },
    async (_request, reply) => {
      if (!ctx.backups.enabled)
        // The shop's settings, not a fault of the server: a 4xx the owner can act on (set BACKUP_DIR).
        throw conflict('Backups are not set up: set BACKUP_DIR (see the README), then start the shop again.');
      try {
        return reply.status(201).send(await ctx.backups.make('owner'));
      } catch (error) {
        if (error instanceof BackupInProgressError) throw conflict(error.message);
        throw unavailable(
          `The backup failed: ${(error as Error).message}. The last good backup was left as it was.`,
          error,
        );
      }
    },
  );
};
