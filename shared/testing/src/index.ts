export * from './adapters.js';
export * from './service.js';
export * from './smtp-sink.js';
