declare const __BATTLEDECK_BUILD_LABEL__: string | undefined;

/**
 * The label of this build (BATTLEDECK_BUILD_LABEL at build time; `npm run build:remote` sets it to the
 * release's time stamp). Empty in a plain build, in development and in tests.
 */
export const BUILD_LABEL = typeof __BATTLEDECK_BUILD_LABEL__ === 'string' ? __BATTLEDECK_BUILD_LABEL__ : '';
