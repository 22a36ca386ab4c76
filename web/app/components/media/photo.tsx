/**
 * A member's photo, the right file for the screen (decision 044): a `<picture>` whose AVIF and WebP
 * `<source>`s list every stored width, so the browser takes the smallest that fills the box at the
 * screen's density (`sizes` says how wide the box is); with data saver on, only the narrowest is
 * listed. The `<img>` always carries a width and height, so the box has the photo's shape before a
 * byte arrives, and paints the photo's placeholder until it has loaded. Photos below the first screen
 * load lazily.
 *
 * A photo stored before has no sizes or placeholder: it is shown from its URL alone, in a box of a
 * fixed shape the photo is fitted into.
 */
import { photoContentTypes, photoSrcset, photoVariantUrl, type PhotoDetails } from '@kora/contracts';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useDataSaver } from '~/utils/data-saver';
import { mediaUrl } from '~/utils/media';
import { placeholderDataUrl } from '~/utils/photo-placeholder';

/** The box of a photo whose shape is unknown (stored before its sizes were kept). */
export const UNKNOWN_PHOTO_BOX = { width: 1200, height: 900 };

export interface PhotoProps {
  url: string;
  /** Its sizes, formats and placeholder, when the server knows them. */
  details?: PhotoDetails | undefined;
  alt: string;
  /** How wide the photo is shown (the `sizes` attribute), e.g. `(max-width: 704px) 100vw, 680px`. */
  sizes: string;
  /** On the first screen: loaded at once and early. Below it: lazily. */
  priority?: boolean;
  className?: string;
}

/** Whether the image has arrived; also catches one that loaded before React hydrated the page. */
function useLoaded() {
  const ref = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth > 0) setLoaded(true);
  }, []);
  const onLoad = useCallback(() => setLoaded(true), []);
  return { ref, loaded, onLoad };
}

export function Photo({ url, details, alt, sizes, priority = false, className }: PhotoProps) {
  const dataSaver = useDataSaver();
  const { ref, loaded, onLoad } = useLoaded();
  const src = mediaUrl(url) ?? url;
  const known = details && details.url === url ? details : undefined;
  const widths = known ? (dataSaver.on ? known.widths.slice(0, 1) : known.widths) : [];
  const placeholder = loaded ? null : placeholderDataUrl(known?.placeholder);
  const style: CSSProperties | undefined = placeholder
    ? { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover', backgroundPosition: 'center' }
    : undefined;
  const box = known ?? UNKNOWN_PHOTO_BOX;
  // With one width listed, `sizes` no longer matters: the browser takes it whatever the screen.
  const sourceSizes = dataSaver.on ? `${widths[0] ?? box.width}px` : sizes;

  return (
    <picture className="contents">
      {known
        ? known.formats.map((format) => (
            <source key={format} type={photoContentTypes[format]} srcSet={photoSrcset(known, format, widths)} sizes={sourceSizes} />
          ))
        : null}
      <img
        ref={ref}
        src={known ? photoVariantUrl(known, widths.at(-1) ?? known.width, 'webp') : src}
        alt={alt}
        width={box.width}
        height={box.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        // React 18 warns on the camelCase prop; the DOM attribute is lower case.
        {...{ fetchpriority: priority ? 'high' : 'auto' }}
        onLoad={onLoad}
        data-placeholder={placeholder ? 'shown' : undefined}
        style={style}
        className={className}
      />
    </picture>
  );
}
