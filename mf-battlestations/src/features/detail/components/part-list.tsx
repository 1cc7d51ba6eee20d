import type { BattlestationPart } from '@battledeck/shared/contract';
import { Button, CopyIcon, CopyPartListDialog, useEarlyClick } from '@battledeck/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styles from './detail-page.module.css';

export const PART_LIST_MESSAGES = { empty: 'This battlestation has no parts listed.' } as const;

/** 'Part List': type and part name linking to the part's page, and the Copy Part List dialog. */
export function PartList({ stationId, stationName, parts }: { stationId: number; stationName: string; parts: BattlestationPart[] }) {
  const [copying, setCopying] = useState(false);
  // A click before the page's scripts have run opens the dialog once they have.
  useEarlyClick('copy-part-list', () => setCopying(true));
  return (
    <section className={styles.section} aria-labelledby="part-list-heading">
      <div className={styles.sectionHeader}>
        <h2 id="part-list-heading">Part List</h2>
        <Button icon={<CopyIcon />} onClick={() => setCopying(true)} disabled={parts.length === 0} data-early-click="copy-part-list">
          Copy Part List
        </Button>
      </div>
      {parts.length === 0 ? (
        <p className={styles.muted}>{PART_LIST_MESSAGES.empty}</p>
      ) : (
        <table className={styles.partTable}>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Part</th>
            </tr>
          </thead>
          <tbody>
            {parts.map((part) => (
              <tr key={part.part_id}>
                <td>{part.type_name}</td>
                <td>
                  <Link to={`/parts/view/${part.part_id}`}>{part.name}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CopyPartListDialog open={copying} battlestationId={stationId} battlestationName={stationName} onClose={() => setCopying(false)} />
    </section>
  );
}
