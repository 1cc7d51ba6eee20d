import { SafeImage, type SafeImageProps } from './safe-image';
import { useStationImageSrc } from './use-station-image-src';
import styles from './safe-image.module.css';

export interface StationImageProps extends Omit<SafeImageProps, 'src'> {
  /** The photo's file name (from the station's data); null or undefined shows the placeholder. */
  name: string | null | undefined;
  /** The station is private (`is_public === 0`): the photo comes through the API with the user's token. */
  isPrivate: boolean;
  /** Show the `_thumb` file. */
  thumb?: boolean;
}

/**
 * A battlestation photo wherever it shows: a public station's from its public URL, a private station's
 * fetched for its owner or staff (issue 15). While a private photo loads, a blank box of the same size.
 */
export function StationImage({ name, isPrivate, thumb = false, alt, className, ...rest }: StationImageProps) {
  const { src, status } = useStationImageSrc(name, { isPrivate, thumb });
  if (status === 'loading') {
    return alt ? (
      <span className={`${styles.placeholder} ${className ?? ''}`} role="img" aria-label={alt} aria-busy="true" />
    ) : (
      <span className={`${styles.placeholder} ${className ?? ''}`} aria-hidden="true" />
    );
  }
  return <SafeImage src={src} alt={alt} className={className} {...rest} />;
}
