/**
 * A render thread's entry (decision 173): the shop's TypeScript is run by tsx, in the main thread
 * and here alike, so a render thread starts the same however the shop was started (tsx, vitest).
 */
import path from 'node:path';
import { register } from 'tsx/esm/api';

register({ tsconfig: path.resolve(import.meta.dirname, '../../../../tsconfig.json') });
await import('./render-thread.ts');
