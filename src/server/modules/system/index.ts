/** Health of the shop and its database, and its backups. */
export { systemRoutes } from './routes';
export { backupRoutes } from './backups/routes';
export { Backups, type BackupOptions } from './backups/service';
export { DataDirInUseError, holdDataDir, askHolderToBackUp, type ControlServer } from './backups/control';
export { pgToolsProblem } from './backups/database';
export { restoreBackup, RestoreRefusedError } from './backups/restore';
export { RefundCheck, Retention } from './retention';
