import { href } from "react-router";
import { PhotoDropZone, PhotoUploadForm } from "~/components/photo-drop-zone";
import { GALLERY_MESSAGES, MAX_GALLERY_PHOTOS } from "~/domain/gallery-rules";

const FORM_ID = "gallery-upload";

/**
 * The gallery's uploader: photos (PNG, JPEG or WebP, 10 MB each), as many as the gallery has room
 * for, posted to the gallery's upload route by the drop zone: several in one plain form post
 * without JavaScript, one post per photo with it. Hidden (kept, with its uploads) while closed.
 */
export function GalleryUploader({ id, room, hidden }: { id: string; room: number; hidden: boolean }) {
  return (
    <section id={id} hidden={hidden} aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 p-4">
      <h3 id={`${id}-title`} className="font-semibold text-slate-800">
        Upload photos
      </h3>
      <PhotoUploadForm id={FORM_ID} action={href("/dashboard/gallery/upload")} />
      <PhotoDropZone
        id={`${id}-photos`}
        formId={FORM_ID}
        room={room}
        hint={`You can add ${room} more ${room === 1 ? "photo" : "photos"} (a gallery holds at most ${MAX_GALLERY_PHOTOS}). PNG, JPG or WebP, 10 MB each; we resize them and remove their location and camera details.`}
        fullMessage={`Your gallery is full: it holds at most ${MAX_GALLERY_PHOTOS} photos. Delete one to add another.`}
        failureMessage={GALLERY_MESSAGES.saveFailed}
        tooLargeMessage={GALLERY_MESSAGES.tooLarge}
      />
    </section>
  );
}
