import { countLabel } from '@battledeck/shared/format';
import { useMetaDescription, usePageTitle } from '@battledeck/shared/ui';
import { useParams } from 'react-router-dom';
import { usePart } from '../api/get-part';
import { PART_TEXTS, partDescription } from '../part-texts';
import { PairedParts } from './paired-parts';
import { PartBattlestations } from './part-battlestations';
import { PartBreadcrumb } from './part-breadcrumb';
import { PartImage } from './part-image';
import { PartNotFound } from './part-not-found';
import styles from './part-page.module.css';
import { WhereToBuy } from './where-to-buy';

/** A part id from the path, or undefined when it cannot be one. */
function parsePartId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

function PartPageSkeleton() {
  return (
    <div className="page" role="status" aria-live="polite">
      <span className="visually-hidden">Loading</span>
      <div className={styles.skeletonCrumb} />
      <div className={styles.top}>
        <div className={`${styles.imageFrame} ${styles.skeletonBlock}`} />
        <div className={styles.info}>
          <div className={styles.skeletonBlock} style={{ height: 36, width: '70%' }} />
          <div className={styles.skeletonBlock} style={{ height: 18, width: '40%', marginTop: 12 }} />
        </div>
      </div>
    </div>
  );
}

function LoadedPart({ id }: { id: number }) {
  const part = usePart(id);
  usePageTitle(part.isError ? PART_TEXTS.errorTitle : part.data?.name);
  useMetaDescription(part.data ? partDescription(part.data) : undefined);

  if (part.isPending) return <PartPageSkeleton />;
  if (part.isError) return <PartNotFound />;
  const data = part.data;
  return (
    <div className="page">
      <PartBreadcrumb typeName={data.type_name} typePath={data.type_path} />
      <div className={styles.top}>
        <PartImage image={data.image} name={data.name} size={data.image_size} />
        <div className={styles.info}>
          <h1 className={styles.name}>{data.name}</h1>
          <p className={styles.meta}>
            {data.manufacturer} · {data.type_name}
          </p>
          <p className={styles.count}>{countLabel(data.battlestation_count, 'Battlestation')}</p>
          <WhereToBuy part={data} />
        </div>
      </div>
      <PairedParts partId={id} />
      <PartBattlestations partId={id} />
    </div>
  );
}

/** /parts/view/{partId} (SPEC "Part detail"). */
export default function PartPage() {
  const id = parsePartId(useParams().partId);
  if (id === undefined) return <PartNotFound />;
  return <LoadedPart key={id} id={id} />;
}
