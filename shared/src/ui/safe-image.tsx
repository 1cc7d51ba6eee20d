import { useCallback, useState, type ImgHTMLAttributes } from 'react';
import { ImageOffIcon } from './icons';
import styles from './safe-image.module.css';

export interface SafeImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  src: string | undefined;
  alt: string;
  /** Text under the placeholder icon when the image is missing or fails to load. */
  placeholderText?: string;
}

/** An image that lazy-loads and shows a 'file not found' placeholder when it is missing or fails. */
export function SafeImage({ src, alt, placeholderText = 'Image not found', className, ...rest }: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // A server-rendered image may have loaded or failed before hydration, and React does not replay those
  // events: tell its own listeners again, so onError shows the placeholder and onLoad reaches the caller.
  const replayEarlyOutcome = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.getAttribute('src')) img.dispatchEvent(new Event(img.naturalWidth === 0 ? 'error' : 'load'));
  }, []);
  if (!src || failedSrc === src) {
    return (
      <span className={`${styles.placeholder} ${className ?? ''}`} role="img" aria-label={alt || placeholderText}>
        <ImageOffIcon />
        <span aria-hidden="true">{placeholderText}</span>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={className}
      onError={() => setFailedSrc(src)}
      ref={replayEarlyOutcome}
      {...rest}
    />
  );
}
