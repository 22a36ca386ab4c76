/** Routes: packages (filled in by the issue 15 work). */
import type { ServiceApp } from '@kora/platform/service';
import type { Wallet } from '../context.js';

export function packagesRoutes(_app: ServiceApp, _w: Wallet): void {}
