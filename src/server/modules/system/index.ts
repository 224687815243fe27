/** Health of the shop and its database, and its backups. */
export { systemRoutes } from './routes';
export { backupRoutes } from './backups/routes';
export { Backups, type BackupOptions } from './backups/service';
