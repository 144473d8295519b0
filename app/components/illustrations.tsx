import boxesOnDolly from "~/illustrations/boxes-on-dolly.svg?no-inline";
import moversHero from "~/illustrations/movers-hero.svg?no-inline";
import photosInBox from "~/illustrations/photos-in-box.svg?no-inline";
import truckAtSignpost from "~/illustrations/truck-at-signpost.svg?no-inline";

// The app's drawings: hand-written SVG files in the palette, under a kilobyte each gzipped, served
// as hashed files so no page's HTML or JavaScript carries them. Width and height give each its
// aspect ratio, so the page never moves when one arrives; none grows wider than its container.

interface IllustrationProps {
  /** Sizing beyond the default: the container's full width, the height from the aspect ratio. */
  className?: string;
  /** Below the fold: fetched only when the reader scrolls near it. */
  lazy?: boolean;
  /** The largest picture of the first view: fetched ahead of the page's scripts, which it would queue behind. */
  priority?: boolean;
}

function Illustration({
  src,
  width,
  height,
  alt,
  className = "",
  lazy = false,
  priority = false,
}: IllustrationProps & { src: string; width: number; height: number; alt: string }) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? "lazy" : "eager"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={`h-auto w-full ${className}`.trim()}
    />
  );
}

/** The landing's hero: two movers carrying a box to the company's truck. */
export function MoversIllustration(props: IllustrationProps) {
  return <Illustration src={moversHero} width={480} height={224} alt="Two movers carrying a box to a moving truck" {...props} />;
}

/** Boxes ready to go on a hand truck; decorative, the words beside it say what matters. */
export function BoxesIllustration(props: IllustrationProps) {
  return <Illustration src={boxesOnDolly} width={200} height={150} alt="" {...props} />;
}

/** Photos in an open moving box; decorative. */
export function PhotosIllustration(props: IllustrationProps) {
  return <Illustration src={photosInBox} width={200} height={150} alt="" {...props} />;
}

/** A truck at a signpost with a question mark; decorative. */
export function LostTruckIllustration(props: IllustrationProps) {
  return <Illustration src={truckAtSignpost} width={240} height={150} alt="" {...props} />;
}
