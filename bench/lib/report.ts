import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Row {
  section: string;
  measure: string;
  value: string;
  target?: string;
  met?: boolean;
}

/** The results as JSON (machine) and a Markdown table (README), with the date and the machine. */
export function writeReport(dir: string, results: Record<string, unknown>, rows: Row[], name = 'latest'): string {
  mkdirSync(dir, { recursive: true });
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const header = `Benchmark of ${new Date().toISOString().slice(0, 10)} on ${machine}; command: \`${results.command as string}\`; database: ${results.engine as string}.`;
  const table = [
    '| section | measure | value | target | met |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.section} | ${r.measure} | ${r.value} | ${r.target ?? ''} | ${r.met === undefined ? '' : r.met ? 'yes' : 'no'} |`),
  ].join('\n');
  const markdown = `${header}\n\n${table}\n`;
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify({ ...results, machine, date: new Date().toISOString() }, null, 2)}\n`);
  writeFileSync(path.join(dir, `${name}.md`), markdown);
  return markdown;
}
