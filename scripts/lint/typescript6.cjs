// The linter's parser needs TypeScript's JavaScript compiler API, which TypeScript 7 (the project's
// compiler, a native binary) no longer ships. TypeScript 6 is installed beside it as `typescript6`
// (package.json); this hook answers the linter packages' `require('typescript')` with it, and leaves
// every other `typescript` request alone. eslint.config.mjs loads it before typescript-eslint.
const Module = require('node:module');

const linterPackages = /[\\/]node_modules[\\/](@typescript-eslint[\\/]|typescript-eslint[\\/]|ts-api-utils[\\/])/;
const resolve = Module._resolveFilename;

Module._resolveFilename = function resolveTypescript6(request, parent, ...rest) {
  if ((request === 'typescript' || request.startsWith('typescript/')) && linterPackages.test(parent?.filename ?? '')) {
    return resolve.call(this, `typescript6${request.slice('typescript'.length)}`, parent, ...rest);
  }
  return resolve.call(this, request, parent, ...rest);
};
