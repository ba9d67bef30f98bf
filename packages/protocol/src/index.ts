// First: configures zod before any schema is built (see zod-config.ts).
import './zod-config.js';

export * from './api.js';
export * from './auth.js';
export * from './clock.js';
export * from './common.js';
export * from './constants.js';
export * from './csv.js';
export * from './csv-form.js';
export * from './endpoint.js';
export * from './event.js';
export * from './events.js';
export * from './fields.js';
export * from './flag.js';
export * from './judge.js';
export * from './layout.js';
export * from './layout-rows.js';
export * from './public-list.js';
export * from './layout-plan.js';
export * from './log.js';
export * from './messages.js';
export * from './options.js';
export * from './project.js';
export * from './qr.js';
export * from './reset.js';
export * from './results.js';
export * from './stats.js';
export * from './progress.js';
