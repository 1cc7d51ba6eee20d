import * as z from './zod-subset';

// The site's Content-Security-Policy forbids eval: zod's JIT probe (`new Function`) would be reported as a
// violation in every browser, so pages use the interpreter. The API keeps the faster JIT.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** zod, configured for where it runs. Bundles import it from here, so the site also loads one copy. */
export { z };
