import { ImagePlus, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { PhotosIllustration } from "~/components/illustrations";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { dashboardTabPath } from "~/domain/dashboard-tabs";
import { GALLERY_MESSAGES, remainingGallerySlots, type GalleryPhotoView } from "~/domain/gallery-rules";
import { useHydrated } from "~/hooks/use-hydrated";
import { GalleryGrid } from "./gallery-grid";
import { GalleryPreview } from "./gallery-preview";
import { GalleryUploader } from "./gallery-uploader";

// What the gallery tab shows; the route's server module loads it.
export interface GalleryTabData {
  /** Newest first. */
  photos: GalleryPhotoView[];
  loadFailed: boolean;
  /** The photo shown in the preview dialog (`?preview=<id>`), when it is one of these. */
  previewId: string | null;
  /** The uploader is open (`?upload=1`): how it opens without JavaScript. */
  uploaderOpen: boolean;
}

const GALLERY = dashboardTabPath("gallery");
const UPLOADER_ID = "upload";

/**
 * The customer's photo gallery: 'Add Photos' opens the uploader (a link to the uploader's section
 * without JavaScript, a toggle with it), a grid of thumbnails with preview and delete on each, and
 * the preview dialog, opened by its address so it works without JavaScript too.
 */
export function GalleryTab({ data }: { data: GalleryTabData }) {
  const hydrated = useHydrated();
  const [uploaderOpen, setUploaderOpen] = useState(data.uploaderOpen);
  // The address decides again when it changes (the link, a form sent without a photo); new photos
  // from the uploader leave it as it is.
  const [openedByAddress, setOpenedByAddress] = useState(data.uploaderOpen);
  if (openedByAddress !== data.uploaderOpen) {
    setOpenedByAddress(data.uploaderOpen);
    setUploaderOpen(data.uploaderOpen);
  }

  const preview = data.photos.find((photo) => photo.id === data.previewId) ?? null;
  const room = remainingGallerySlots(data.photos.length);
  // Before JavaScript, a link to the page with the uploader's section open; after, a toggle.
  const openUploader = (label: string, variant: "primary" | "outline") => {
    const content = (
      <>
        {variant === "primary" ? <Plus aria-hidden className="size-5" /> : <ImagePlus aria-hidden className="size-5" />}
        {label}
      </>
    );
    return hydrated ? (
      <button
        type="button"
        aria-expanded={uploaderOpen}
        aria-controls={UPLOADER_ID}
        onClick={() => setUploaderOpen((open) => !open)}
        className={buttonClasses(variant, "md")}
      >
        {content}
      </button>
    ) : (
      <Link to={`${GALLERY}?upload=1#${UPLOADER_ID}`} className={buttonClasses(variant, "md")}>
        {content}
      </Link>
    );
  };

  return (
    <div className="flex flex-col gap-6 pt-2">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="dashboard-tab-heading" className="text-xl font-bold">
          Your Photo Gallery
        </h2>
        {openUploader("Add Photos", "primary")}
      </div>

      <GalleryUploader id={UPLOADER_ID} room={room} hidden={!uploaderOpen} />

      {data.loadFailed ? (
        <FormAlert title={GALLERY_MESSAGES.loadFailed} />
      ) : data.photos.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-4 py-12 text-center">
          <PhotosIllustration className="max-w-40" />
          <p className="text-lg font-semibold text-slate-800">No photos yet</p>
          {openUploader("Upload Your First Photo", "outline")}
        </div>
      ) : (
        <GalleryGrid photos={data.photos} />
      )}

      {preview ? <GalleryPreview photo={preview} /> : null}
    </div>
  );
}
