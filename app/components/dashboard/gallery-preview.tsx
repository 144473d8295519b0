import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { dashboardTabPath } from "~/domain/dashboard-tabs";
import { DeletePhotoForm } from "./gallery-grid";
import type { GalleryPhotoView } from "~/domain/gallery-rules";

const GALLERY = dashboardTabPath("gallery");

/**
 * A photo at full size, when it was uploaded, and 'Delete Photo'. Opened by its address
 * (`?tab=gallery&preview=<id>`), so the server renders it open before JavaScript; once hydrated
 * Radix keeps focus inside and Escape or the overlay closes it. Not portalled, so the server's
 * render is the dialog itself.
 */
export function GalleryPreview({ photo }: { photo: GalleryPhotoView }) {
  const navigate = useNavigate();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && navigate(GALLERY, { preventScrollReset: true })}>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/70" />
      <Dialog.Content
        aria-labelledby="gallery-preview-title"
        aria-describedby="gallery-preview-uploaded"
        className="fixed inset-x-0 bottom-0 z-50 flex max-h-dvh flex-col gap-4 overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-3xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
      >
        <div className="flex items-start justify-between gap-4">
          <Dialog.Title id="gallery-preview-title" className="truncate text-lg font-bold">
            {photo.fileName}
          </Dialog.Title>
          <Dialog.Close asChild>
            <Link to={GALLERY} preventScrollReset aria-label="Close" className="-m-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100">
              <X aria-hidden className="size-5" />
            </Link>
          </Dialog.Close>
        </div>
        {/* A fixed height: nothing in the dialog moves when the image arrives. */}
        <img src={photo.fullUrl} alt={photo.fileName} className="h-[60dvh] w-full rounded-lg bg-slate-100 object-contain" />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p id="gallery-preview-uploaded" className="text-sm text-slate-600">
            Uploaded {photo.uploadedOn}
          </p>
          <DeletePhotoForm photo={photo} label="Delete Photo" className={buttonClasses("outline", "md", "border-red-300 text-red-700 hover:bg-red-50")} />
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
