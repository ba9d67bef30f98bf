export * from './api.js';
export * from './auth.js';
export * from './common.js';
export * from './constants.js';
export * from './endpoint.js';
export * from './event.js';
export * from './fields.js';
export * from './log.js';
