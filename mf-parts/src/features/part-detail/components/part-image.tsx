import type { PhotoSize } from '@battledeck/shared/contract';
import { photoSrcSet, thumbnailUrl } from '@battledeck/shared/format';
import { ChipIcon, SafeImage } from '@battledeck/shared/ui';
import { useState } from 'react';
import styles from './part-page.module.css';

/** The picture's frame (part-page.module.css): 420 px wide, or the page's width less its 16 px padding on a phone. */
export const PART_IMAGE_SIZES = '(min-width: 452px) 420px, calc(100vw - 32px)';

/**
 * The part's picture over a placeholder icon shown until it has loaded; if it fails, SafeImage's 'not found'
 * placeholder covers the frame instead.
 */
export function PartImage({ image, name, size }: { image: string; name: string; size?: PhotoSize | null }) {
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
        // The files the image really has (issue 17); an answer without its size keeps the `_thumb` alone.
        src={thumbnailUrl('parts', image)}
        srcSet={photoSrcSet('parts', image, size)}
        sizes={size ? PART_IMAGE_SIZES : undefined}
        alt={name}
        width={size?.width ?? 640}
        height={size?.height ?? 640}
        loading="eager"
        fetchPriority="high"
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}
