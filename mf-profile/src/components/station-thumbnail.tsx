import { StationImage } from '@battledeck/shared/ui';
import styles from './station-thumbnail.module.css';

/**
 * A station's first photo as a small fixed-size thumbnail (the `_thumb` file, never the original); a private
 * station's is fetched with the user's token, once per session (issue 15).
 */
export function StationThumbnail({ thumbnail, isPrivate = false }: { thumbnail: string | null; isPrivate?: boolean }) {
  return (
    <span className={styles.frame}>
      <StationImage
        name={thumbnail}
        isPrivate={isPrivate}
        thumb
        alt=""
        width={96}
        height={72}
        placeholderText="No photo"
        className={styles.image}
      />
    </span>
  );
}
