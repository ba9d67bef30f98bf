/**
 * The web app's entry point (`@podium/protocol/web`): the endpoint descriptors without their zod
 * schemas, the constants and messages, and every type. Nothing here imports zod at run time, so
 * the web bundle carries no validator (issue 14); the server keeps using `@podium/protocol`.
 */
export type * from './index.js';
export * from './constants.js';
export * from './csv-form.js';
export { buildPath, endpoint } from './endpoint.js';
export * from './layout-plan.js';
export * from './layout-rows.js';
export * from './link-reach.js';
export * from './public-list.js';
export * from './prize-order.js';
export * from './messages.js';
export { endpoints } from './web-routes.js';
