import { ImageOff, LoaderCircle, Trash2 } from "lucide-react";
import { href, useFetcher } from "react-router";
import { PhotoDropZone, PhotoUploadForm } from "~/components/photo-drop-zone";
import { buttonClasses } from "~/components/ui/button";
import { MAX_BOOKING_PHOTOS, PHOTO_MESSAGES, PHOTO_POST_WITH_ANSWERS_PARAM, remainingPhotoSlots, type PhotoView } from "~/domain/photo-rules";

/** One fetcher for the remove form and the picker, wherever each is rendered. */
const FETCHER_KEY = "booking-photos";
const UPLOAD_FORM_ID = "booking-photos-upload";
const REMOVE_FORM_ID = "booking-photos-remove";
const ACTION = href("/book/photos");
/** Without JavaScript, Upload posts the add-ons step's own form here: its answers are saved with the photos. */
const ACTION_WITH_ANSWERS = `${ACTION}?${PHOTO_POST_WITH_ANSWERS_PARAM}=addons`;

/**
 * The two forms the picker's controls belong to (through their `form` attribute): render them once,
 * outside any other form, since HTML forms cannot nest. Both post to /book/photos, which answers
 * with the add-ons step again and a message; with JavaScript, removing goes through a fetcher, so
 * the page updates in place, and the drop zone posts the upload form one file at a time.
 */
export function PhotoPickerForms() {
  const fetcher = useFetcher({ key: FETCHER_KEY });
  return (
    <>
      <PhotoUploadForm id={UPLOAD_FORM_ID} action={ACTION} />
      <fetcher.Form id={REMOVE_FORM_ID} method="post" action={ACTION} preventScrollReset hidden>
        <input type="hidden" name="intent" value="remove" />
      </fetcher.Form>
    </>
  );
}

/**
 * Photos of the customer's belongings on the booking: thumbnails with a Remove button each, and
 * the drop zone for more (PNG, JPEG, WebP; several at once). Sits inside the add-ons step's form:
 * Remove submits the remove form of PhotoPickerForms, and Upload without JavaScript the step's form
 * itself, so the add-ons ticked before it are saved with the photos (the script sends the upload form).
 */
export function PhotoPicker({ photos }: { photos: PhotoView[] }) {
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const busy = fetcher.state !== "idle" ? fetcher.formData : undefined;
  const removing = busy?.get("intent") === "remove" ? busy.get("path") : null;
  return (
    // A fieldset is as wide as its widest content unless told otherwise: the file input would push it out of the form.
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="text-sm font-medium text-slate-800">Photos of your belongings (optional)</legend>

      {photos.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Attached photos">
          {photos.map((photo) => {
            const pending = removing === photo.path;
            return (
              <li key={photo.path} className={`flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 p-2 ${pending ? "opacity-50" : ""}`}>
                {photo.thumbUrl ? (
                  <img src={photo.thumbUrl} alt={photo.fileName} loading="lazy" className="aspect-square w-full rounded-lg bg-slate-100 object-cover" />
                ) : (
                  <div className="flex aspect-square w-full items-center justify-center rounded-lg bg-slate-100 text-slate-400">
                    <ImageOff aria-hidden className="size-8" />
                  </div>
                )}
                <span className="truncate text-sm text-slate-700" title={photo.fileName}>
                  {photo.fileName}
                </span>
                <button
                  type="submit"
                  form={REMOVE_FORM_ID}
                  name="path"
                  value={photo.path}
                  formNoValidate
                  disabled={pending}
                  aria-busy={pending}
                  aria-label={`Remove ${photo.fileName}`}
                  className={buttonClasses("outline", "md")}
                >
                  {pending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <Trash2 aria-hidden className="size-4" />}
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}

      <p className="text-sm text-slate-600">
        {photos.length} of {MAX_BOOKING_PHOTOS} photos added.
      </p>

      <PhotoDropZone
        id="booking-photos"
        formId={UPLOAD_FORM_ID}
        room={remainingPhotoSlots(photos.length)}
        hint={`Up to ${MAX_BOOKING_PHOTOS} photos, PNG, JPG or WebP, 10 MB each. We resize them and remove their location and camera details.`}
        fullMessage="You have added the most photos a booking holds. Remove one to add another."
        failureMessage={PHOTO_MESSAGES.uploadFailed}
        tooLargeMessage={PHOTO_MESSAGES.tooLarge}
        enclosingFormAction={ACTION_WITH_ANSWERS}
      />
    </fieldset>
  );
}
