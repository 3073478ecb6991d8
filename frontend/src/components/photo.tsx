import { useEffect, useRef, useState, type ImgHTMLAttributes, type ReactNode } from 'react';

export interface PhotoProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string | null;
  /** What the page shows when there is no photo, or when it cannot be loaded. */
  fallback: ReactNode;
}

/**
 * A business's photo, or its fallback when there is none or the address fails (imported Google
 * photo links expire): never the browser's broken-image icon. A photo that failed before the page
 * hydrated fired its error event too early for React, so the mount checks it once more.
 */
export function Photo({ src, fallback, ...imageProps }: PhotoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (element && element.complete && element.naturalWidth === 0 && src) setFailedSrc(src);
  }, [src]);
  if (!src || failedSrc === src) return <>{fallback}</>;
  return <img ref={image} src={src} referrerPolicy="no-referrer" {...imageProps} onError={() => setFailedSrc(src)} />;
}
