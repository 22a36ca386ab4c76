/** Tracing for processes that take requests (decision 053): turning it on, and the server spans. */
export * from './tracing.js';
export * from './server-spans.js';
export { startTracing, tracingConfigured } from './start.js';
