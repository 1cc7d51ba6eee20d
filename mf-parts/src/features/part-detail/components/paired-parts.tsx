import type { PairedPart } from '@battledeck/shared/contract';
import { countLabel } from '@battledeck/shared/format';
import { Link } from 'react-router-dom';
import { usePairedParts } from '../api/get-paired-parts';
import { PART_TEXTS } from '../part-texts';
import styles from './paired-parts.module.css';

/** The paired parts by category, categories in the order of their best pair. */
export function groupByCategory(parts: PairedPart[]): { typeName: string; typePath: string; parts: PairedPart[] }[] {
  const groups = new Map<number, { typeName: string; typePath: string; parts: PairedPart[] }>();
  for (const part of parts) {
    const group = groups.get(part.type_id) ?? { typeName: part.type_name, typePath: part.type_path, parts: [] };
    group.parts.push(part);
    groups.set(part.type_id, group);
  }
  return [...groups.values()];
}

/** 'Often paired with' (issue 19): parts listed with this one on public stations more often than chance. */
export function PairedParts({ partId }: { partId: number }) {
  const paired = usePairedParts(partId);
  return (
    <section className={styles.paired} aria-labelledby="paired-title" aria-busy={paired.isPending}>
      <h2 id="paired-title" className={styles.title}>
        {PART_TEXTS.pairedTitle}
      </h2>
      <p className={styles.intro}>{PART_TEXTS.pairedIntro}</p>
      {paired.isError ? (
        <p className={styles.muted}>
          {PART_TEXTS.pairedError}
        </p>
      ) : paired.isPending ? null : paired.data.length === 0 ? (
        <p className={styles.muted}>{PART_TEXTS.pairedNone}</p>
      ) : (
        <div className={styles.groups}>
          {groupByCategory(paired.data).map((group) => (
            <div key={group.typePath} className={styles.group}>
              <h3 className={styles.category} id={`paired-${group.typePath}`}>
                {group.typeName}
              </h3>
              <ul className={styles.list} aria-labelledby={`paired-${group.typePath}`}>
                {group.parts.map((part) => (
                  <li key={part.part_id}>
                    <Link to={`/parts/view/${part.part_id}`} className={styles.link}>
                      {part.name}
                    </Link>
                    <span className={styles.together}>{countLabel(part.together, 'setup')} together</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
