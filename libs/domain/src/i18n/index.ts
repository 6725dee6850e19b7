export * from './language';
export * from './format';
export * from './message-match';
export * from './catalogs';
