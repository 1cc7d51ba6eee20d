import type { PhotoSize } from '../contract/images';
import { SafeImage, type SafeImageProps } from './safe-image';
import { useStationImageSrc } from './use-station-image-src';
import styles from './safe-image.module.css';

export interface StationImageProps extends Omit<SafeImageProps, 'src' | 'srcSet'> {
  /** The photo's file name (from the station's data); null or undefined shows the placeholder. */
  name: string | null | undefined;
  /** The station is private (`is_public === 0`): the photo comes through the API with the user's token. */
  isPrivate: boolean;
  /** Show the `_thumb` file (the `src` of a public photo with a srcset; the one file of a private one). */
  thumb?: boolean;
  /**
   * The photo's size and width copies (`thumbnail_size`, `image_sizes[i]`): a public photo then gets a
   * `srcset` of the files it has, and its real width and height unless `width`/`height` are given (issue 17).
   */
  size?: PhotoSize | null;
  /** How wide the photo's slot is at each breakpoint, for the srcset (the gallery strip and viewer pass theirs). */
  sizes?: string;
}

/**
 * A battlestation photo wherever it shows: a public station's from its public URL, a private station's
 * fetched for its owner or staff (issue 15). While a private photo loads, a blank box of the same size.
 */
export function StationImage({ name, isPrivate, thumb = false, size, sizes, alt, className, width, height, ...rest }: StationImageProps) {
  const { src, srcSet, status } = useStationImageSrc(name, { isPrivate, thumb, size });
  if (status === 'loading') {
    return alt ? (
      <span className={`${styles.placeholder} ${className ?? ''}`} role="img" aria-label={alt} aria-busy="true" />
    ) : (
      <span className={`${styles.placeholder} ${className ?? ''}`} aria-hidden="true" />
    );
  }
  return (
    <SafeImage
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width ?? size?.width}
      height={height ?? size?.height}
      alt={alt}
      className={className}
      {...rest}
    />
  );
}
