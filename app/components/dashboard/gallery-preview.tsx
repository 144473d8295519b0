import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { Link } from "react-router";
import { AddressDialog } from "~/components/ui/address-dialog";
import { buttonClasses } from "~/components/ui/button";
import { dashboardTabPath } from "~/domain/dashboard-tabs";
import { DeletePhotoForm } from "./gallery-grid";
import type { GalleryPhotoView } from "~/domain/gallery-rules";

const GALLERY = dashboardTabPath("gallery");

/** A photo at full size, when it was uploaded, and 'Delete Photo'; opened by `/dashboard/gallery?preview=<id>`. */
export function GalleryPreview({ photo }: { photo: GalleryPhotoView }) {
  return (
    <AddressDialog
      closeTo={GALLERY}
      labelledBy="gallery-preview-title"
      describedBy="gallery-preview-uploaded"
      width="wide"
      darkOverlay
      className="flex flex-col gap-4"
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
    </AddressDialog>
  );
}
