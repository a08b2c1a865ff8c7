export * from './page-views';
export * from './paper-clicks';
export * from './papers';
export * from './users';
