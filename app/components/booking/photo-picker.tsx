import { ImageOff, ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { StatusButton } from "~/components/ui/status-button";
import { MAX_BOOKING_PHOTOS, PHOTO_INPUT_ACCEPT, chosenPhotosProblem, remainingPhotoSlots, type PhotoView } from "~/domain/photo-rules";

/** One fetcher for the photo forms and the picker, wherever each is rendered. */
const FETCHER_KEY = "booking-photos";
const UPLOAD_FORM_ID = "booking-photos-upload";
const REMOVE_FORM_ID = "booking-photos-remove";
const ACTION = href("/book/photos");

/**
 * The two forms the picker's controls belong to (through their `form` attribute): render them once,
 * outside any other form, since HTML forms cannot nest. Without JavaScript they post to
 * /book/photos, which answers with the add-ons step again and a message; with JavaScript they post
 * through a fetcher, so the page updates in place.
 */
export function PhotoPickerForms() {
  const fetcher = useFetcher({ key: FETCHER_KEY });
  return (
    <>
      <fetcher.Form id={UPLOAD_FORM_ID} method="post" action={ACTION} encType="multipart/form-data" preventScrollReset hidden>
        <input type="hidden" name="intent" value="upload" />
      </fetcher.Form>
      <fetcher.Form id={REMOVE_FORM_ID} method="post" action={ACTION} preventScrollReset hidden>
        <input type="hidden" name="intent" value="remove" />
      </fetcher.Form>
    </>
  );
}

/**
 * Photos of the customer's belongings on the booking: thumbnails with a Remove button each, and a
 * file input (PNG, JPEG, WebP; several at once) with an Upload button. May sit inside another form
 * (the add-ons step's): its controls submit the forms of PhotoPickerForms. With JavaScript, chosen
 * files are checked first (count, size, type) and the upload shows its progress.
 */
export function PhotoPicker({ photos }: { photos: PhotoView[] }) {
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const busy = fetcher.state !== "idle" ? fetcher.formData : undefined;
  const uploading = busy?.get("intent") === "upload" ? busy.getAll("photos").filter((file) => file instanceof File && file.size > 0).length : 0;
  const removing = busy?.get("intent") === "remove" ? busy.get("path") : null;

  // Once an upload is done the chosen files are cleared, so they are not sent twice.
  const wasUploading = useRef(false);
  useEffect(() => {
    if (wasUploading.current && uploading === 0 && input.current) input.current.value = "";
    wasUploading.current = uploading > 0;
  }, [uploading]);

  const room = remainingPhotoSlots(photos.length);
  const hintId = "booking-photos-hint";
  const problemId = "booking-photos-problem";
  return (
    <fieldset className="flex flex-col gap-3" aria-busy={busy !== undefined}>
      <legend className="text-sm font-medium text-slate-800">Photos of your belongings (optional)</legend>
      <p id={hintId} className="text-sm text-slate-500">
        Up to {MAX_BOOKING_PHOTOS} photos, PNG, JPG or WebP, 10 MB each. We resize them and remove their location and camera details.
      </p>

      {photos.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Attached photos">
          {photos.map((photo) => {
            const pending = removing === photo.path;
            return (
              <li key={photo.path} className={`flex flex-col gap-2 rounded-xl border border-slate-200 p-2 ${pending ? "opacity-50" : ""}`}>
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
                  aria-label={`Remove ${photo.fileName}`}
                  className={buttonClasses("outline", "sm")}
                >
                  <Trash2 aria-hidden className="size-4" />
                  {pending ? "Removing…" : "Remove"}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}

      <p className="text-sm text-slate-600" aria-live="polite">
        {photos.length} of {MAX_BOOKING_PHOTOS} photos added.
      </p>

      {room > 0 ? (
        <div className="flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 p-4">
          <label htmlFor="booking-photos-input" className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <ImagePlus aria-hidden className="size-5 text-brand-700" />
            Choose photos
          </label>
          <input
            ref={input}
            id="booking-photos-input"
            type="file"
            name="photos"
            form={UPLOAD_FORM_ID}
            accept={PHOTO_INPUT_ACCEPT}
            multiple
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setProblem(chosenPhotosProblem(Array.from(event.currentTarget.files ?? []), photos.length))}
            className="text-sm file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-medium"
          />
          {problem ? (
            <p id={problemId} role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          ) : null}
          {uploading > 0 ? (
            <div className="flex flex-col gap-1" role="status">
              <span className="text-sm text-slate-700">
                Uploading {uploading} {uploading === 1 ? "photo" : "photos"}…
              </span>
              <progress className="h-2 w-full overflow-hidden rounded-full accent-brand-700" aria-label="Upload in progress" />
            </div>
          ) : null}
          <StatusButton type="submit" form={UPLOAD_FORM_ID} formNoValidate pending={uploading > 0} disabled={problem !== null} className="self-start">
            {uploading > 0 ? "Uploading…" : "Upload"}
          </StatusButton>
        </div>
      ) : (
        <p className="text-sm text-slate-600">You have added the most photos a booking holds. Remove one to add another.</p>
      )}
    </fieldset>
  );
}
