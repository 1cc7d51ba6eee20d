import { imageUrl, thumbnailUrl } from '@battledeck/shared/format';
import { ChipIcon, SafeImage } from '@battledeck/shared/ui';
import { useState } from 'react';
import styles from './part-page.module.css';

/**
 * The part's picture over a placeholder icon shown until it has loaded; if it fails, SafeImage's 'not found'
 * placeholder covers the frame instead.
 */
export function PartImage({ image, name }: { image: string; name: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className={styles.imageFrame}>
      {!loaded && (
        <span className={styles.imagePlaceholder} aria-hidden="true">
          <ChipIcon />
        </span>
      )}
      <SafeImage
        key={image}
        src={thumbnailUrl('parts', image)}
        srcSet={`${thumbnailUrl('parts', image)} 640w, ${imageUrl('parts', image)} 1200w`}
        sizes="(max-width: 767px) 100vw, 420px"
        alt={name}
        width={640}
        height={640}
        loading="eager"
        fetchPriority="high"
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}
