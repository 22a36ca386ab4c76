export * from './current-locale.js';
export { catalogOf, namespacesOf, translate, type Catalog } from './engine.js';
export * from './languages.js';
export * from './load-language.js';
export * from './localized-texts.js';
export * from './from-english.js';
export * from './localized-labels.js';
