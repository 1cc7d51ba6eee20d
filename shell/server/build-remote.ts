import path from 'node:path';
import { ROOT } from './bundles';
import { buildRelease, REMOTES } from './remote-releases';

/**
 * `npm run build:remote -- <remote>`: builds one remote alone into `<remote>/releases/<version>/`.
 * Nothing is live until `npm run release:remote -- <remote> <version>` points remotes.json at it.
 */
async function main(): Promise<void> {
  const [folder] = process.argv.slice(2);
  if (!folder) throw new Error(`Usage: npm run build:remote -- <remote>   (${REMOTES.join(', ')})`);
  const started = Date.now();
  const { version, dir } = await buildRelease(folder, { label: process.env.BATTLEDECK_BUILD_LABEL || undefined });
  console.info(
    [
      `Built ${folder} release ${version} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path.relative(ROOT, dir)}/`,
      `  Make it live: npm run release:remote -- ${folder} ${version}`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
