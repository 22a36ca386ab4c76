export * from './adapters.js';
export * from './fresh-schema.js';
export * from './service.js';
export * from './smtp-sink.js';
export * from './service-helpers.js';
export * from './schema-drift.js';
export * from './schema-shape.js';
export * from './videos.js';
