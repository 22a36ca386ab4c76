// Texts only the web app shows (decision 045): in the contracts so that every catalog is in one place.
export * from './date-texts.js';
export * from './account-texts.js';
export * from './admin-screen-texts.js';
export * from './error-texts.js';
export * from './friend-screen-texts.js';
export * from './group-screen-texts.js';
export * from './leaving-texts.js';
export * from './post-screen-texts.js';
export * from './profile-screen-texts.js';
export * from './representative-screen-texts.js';
export * from './search-screen-texts.js';
export * from './security-texts.js';
export * from './settings-screen-texts.js';
export * from './shell-texts.js';
export * from './story-screen-texts.js';
export * from './ui-texts.js';
export * from './wallet-screen-texts.js';
