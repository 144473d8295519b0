import { ImagePlus } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { StatusButton } from "~/components/ui/status-button";
import { MAX_GALLERY_PHOTOS, chosenGalleryPhotosProblem } from "~/domain/gallery-rules";
import { PHOTO_INPUT_ACCEPT } from "~/domain/photo-rules";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

/** The gallery tab's own address: the dashboard's action hands this form to the gallery's handler. */
export const GALLERY_FORM_ACTION = "/dashboard?index&tab=gallery";

/**
 * Several photos in one post (PNG, JPEG or WebP, 10 MB each), as many as the gallery has room
 * for. A plain multipart form: without JavaScript the browser sends it, with it the files are
 * checked first (count, size, type) and the button shows the upload's progress.
 */
export function GalleryUploader({ id, held, room }: { id: string; held: number; room: number }) {
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = useIsSubmitting("upload");
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-2xl border border-dashed border-slate-300 p-4">
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-slate-800">
        <ImagePlus aria-hidden className="size-5 text-brand-700" />
        Upload photos
      </h3>
      <p id={hintId} className="text-sm text-slate-600">
        {room === 0
          ? `Your gallery is full: it holds at most ${MAX_GALLERY_PHOTOS} photos. Delete one to add another.`
          : `You can add ${room} more ${room === 1 ? "photo" : "photos"} (a gallery holds at most ${MAX_GALLERY_PHOTOS}). PNG, JPG or WebP, 10 MB each; we resize them and remove their location and camera details.`}
      </p>
      {room > 0 ? (
        <Form method="post" action={GALLERY_FORM_ACTION} encType="multipart/form-data" preventScrollReset className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="upload" />
          <label htmlFor={`${id}-input`} className="text-sm font-medium text-slate-800">
            Choose photos
          </label>
          <input
            id={`${id}-input`}
            type="file"
            name="photos"
            accept={PHOTO_INPUT_ACCEPT}
            multiple
            required
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setProblem(chosenGalleryPhotosProblem(Array.from(event.currentTarget.files ?? []), held))}
            className="text-sm file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-medium"
          />
          {problem ? (
            <p id={problemId} role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          ) : null}
          <StatusButton type="submit" pending={uploading} disabled={problem !== null} className="self-start">
            {uploading ? "Uploading…" : "Upload"}
          </StatusButton>
        </Form>
      ) : null}
    </section>
  );
}
