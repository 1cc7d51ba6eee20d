import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where a run leaves its measurements (git-ignored); docs/reliability.md §7 quotes them. */
export const FIGURES_DIR = path.resolve(__dirname, '../../../../.tmp/reliability-figures');

/** Prints the figures of one scenario and keeps them as JSON, so the numbers in the docs come from a run. */
export function recordFigures(scenario: string, figures: Record<string, number | string | boolean>): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(path.join(FIGURES_DIR, `${scenario}.json`), `${JSON.stringify({ scenario, at: new Date().toISOString(), ...figures }, null, 2)}\n`);
  console.log(`${scenario}: ${JSON.stringify(figures)}`);
}
