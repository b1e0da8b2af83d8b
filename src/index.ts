export * from './contracts/index.js';
export { readTree, treeDigest } from './corpus/tree.js';
