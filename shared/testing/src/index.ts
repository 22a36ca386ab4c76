export * from './adapters.js';
