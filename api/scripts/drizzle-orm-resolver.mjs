// Module hook for drizzle-kit.mjs: resolve drizzle-orm as if imported from the api workspace.
const fromApi = new URL('../package.json', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL: fromApi });
  }
  return next(specifier, context);
}
