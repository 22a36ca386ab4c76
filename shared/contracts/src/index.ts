export * from './errors.js';
export * from './services.js';
export * from './events/envelope.js';
export * from './events/registry.js';
export * from './site-settings.js';
export * from './profile-id.js';
export * from './api/auth.js';
