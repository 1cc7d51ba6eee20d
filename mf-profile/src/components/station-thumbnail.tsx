import { thumbnailUrl } from '@battledeck/shared/format';
import { SafeImage } from '@battledeck/shared/ui';
import styles from './station-thumbnail.module.css';

/** A station's first photo as a small fixed-size thumbnail (the `_thumb` file, never the original). */
export function StationThumbnail({ thumbnail }: { thumbnail: string | null }) {
  return (
    <span className={styles.frame}>
      <SafeImage
        src={thumbnail ? thumbnailUrl('battlestations', thumbnail) : undefined}
        alt=""
        width={96}
        height={72}
        placeholderText="No photo"
        className={styles.image}
      />
    </span>
  );
}
