import { Eye, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { dashboardTabPath } from "~/domain/dashboard-tabs";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsSubmitting } from "~/hooks/use-is-submitting";
import type { GalleryPhotoView } from "~/domain/gallery-rules";

/** The gallery page's own address, without the photo previewed: its action deletes the photo. */
const GALLERY_FORM_ACTION = dashboardTabPath("gallery");

const controlClasses =
  "inline-flex h-9 items-center gap-1.5 rounded-lg bg-white/95 px-3 text-sm font-semibold text-slate-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * With a pointer that hovers, a photo's controls appear on hover or keyboard focus; on touch
 * screens, and before JavaScript has loaded, they are always there.
 */
const HOVER_ONLY = "[@media(hover:hover)]:opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 transition-opacity";

/** The gallery's thumbnails (the small stored copies, loaded lazily), each with Preview and Delete. */
export function GalleryGrid({ photos }: { photos: GalleryPhotoView[] }) {
  const hydrated = useHydrated();
  return (
    <ul aria-label="Your photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {photos.map((photo) => (
        <li key={photo.id} className="group relative overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
          <img
            src={photo.thumbUrl}
            width={320}
            height={320}
            loading="lazy"
            decoding="async"
            alt={photo.fileName}
            className="aspect-square w-full object-cover"
          />
          <div
            className={`absolute inset-x-0 bottom-0 flex flex-wrap justify-center gap-2 bg-gradient-to-t from-slate-900/60 to-transparent p-2 ${hydrated ? HOVER_ONLY : ""}`}
          >
            <Link
              to={`${dashboardTabPath("gallery")}?preview=${photo.id}`}
              preventScrollReset
              aria-label={`Preview ${photo.fileName}`}
              className={controlClasses}
            >
              <Eye aria-hidden className="size-4" />
              Preview
            </Link>
            <DeletePhotoForm photo={photo} className={controlClasses} label="Delete" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Deletes the photo: a plain form post, with or without JavaScript. */
export function DeletePhotoForm({ photo, className, label }: { photo: GalleryPhotoView; className: string; label: string }) {
  const deleting = useIsSubmitting("delete");
  return (
    <Form method="post" action={GALLERY_FORM_ACTION} preventScrollReset>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="imageId" value={photo.id} />
      <button type="submit" disabled={deleting} aria-label={label === "Delete" ? `Delete ${photo.fileName}` : undefined} className={className}>
        <Trash2 aria-hidden className="size-4" />
        {label}
      </button>
    </Form>
  );
}
