export * from './keys.js';
export * from './local-disk.js';
export * from './port.js';
export * from './s3.js';
