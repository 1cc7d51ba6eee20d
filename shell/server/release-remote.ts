import path from 'node:path';
import { ROOT } from './bundles';
import { activateRelease, activeRemotesFile, DIST, federationName, listReleases, REMOTES, versionOf } from './remote-releases';
import { readJson } from './site-server';

/**
 * `npm run release:remote -- <remote> <version|dist>`: points the remote's entry in the active remotes file
 * (REMOTES_FILE, default shell/public/remotes.json) at that release; browsers get it on their next page
 * load, the shell is not rebuilt. Rolling back is the same command with the previous version.
 * `npm run release:remote -- <remote>` lists its releases and marks the live one.
 * REMOTES_BASE_URL (e.g. https://cdn.example.com) prefixes the manifest URL when remotes are on a CDN.
 */
function main(): void {
  const [folder, version] = process.argv.slice(2);
  if (!folder) throw new Error(`Usage: npm run release:remote -- <remote> [<version>|${DIST}]   (${REMOTES.join(', ')})`);
  const remotesFile = activeRemotesFile();
  const where = remotesFile.startsWith(ROOT + path.sep) ? path.relative(ROOT, remotesFile) : remotesFile;

  if (!version) {
    const live = versionOf(folder, readJson<Record<string, string>>(remotesFile)[federationName(folder)]);
    const lines = [...listReleases(folder), DIST].map((v) => `${v === live ? '*' : ' '} ${v}`);
    console.info([`Builds of ${folder} (* = live in ${where}):`, ...lines].join('\n'));
    return;
  }

  const { name, previous, current } = activateRelease({ remotesFile, folder, version, baseUrl: process.env.REMOTES_BASE_URL });
  const back = versionOf(folder, previous);
  console.info(
    [
      `${name}: ${previous ?? '(none)'} → ${current} in ${where}`,
      back && back !== version ? `  Roll back: npm run release:remote -- ${folder} ${back}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
