export * from './adapters.js';
export * from './service.js';
