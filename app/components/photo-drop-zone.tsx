import { ImageOff, ImagePlus, RotateCcw, Upload, X } from "lucide-react";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { buttonClasses } from "~/components/ui/button";
import { PHOTO_INPUT_ACCEPT } from "~/domain/photo-rules";
import { useHydrated } from "~/hooks/use-hydrated";
import { usePhotoUploads, type PhotoUpload } from "~/hooks/use-photo-uploads";

/** The file field of every photo upload form. */
const FIELD = "photos";

/**
 * The form a drop zone's files are posted with (`intent=upload`, multipart). Render it once and
 * outside any other form, since forms cannot nest; the zone's controls belong to it by its id.
 */
export function PhotoUploadForm({ id, action }: { id: string; action: string }) {
  return (
    <form id={id} method="post" action={action} encType="multipart/form-data" hidden>
      <input type="hidden" name="intent" value="upload" />
    </form>
  );
}

export interface PhotoDropZoneProps {
  /** Prefix of the zone's element ids. */
  id: string;
  /** The PhotoUploadForm the files are posted with. */
  formId: string;
  /** Photos there is room for; none: `fullMessage` in place of the zone. */
  room: number;
  /** What may be sent (types, sizes, how many). */
  hint: string;
  fullMessage: string;
  /** Said of a file when the server's answer cannot be read (a lost connection). */
  failureMessage: string;
  /** The server's refusal of a file over 10 MB. */
  tooLargeMessage: string;
  /**
   * Where Upload posts the enclosing form without JavaScript, files and all, so that what was
   * answered in it is sent too (the wizard's add-ons step). Unset: Upload posts the PhotoUploadForm.
   */
  enclosingFormAction?: string;
}

/**
 * Photos to upload, chosen or dropped. Without JavaScript: the browser's file input (several at
 * once, image types) and an Upload button, a plain form post whose answer is the next page (of the
 * upload form, or of the enclosing form with its answers when `enclosingFormAction` is given). With
 * it: the zone opens the file chooser when clicked or tapped (the input keeps the keyboard focus)
 * and takes files dropped on it; each file shows a preview and its progress and is posted on its
 * own, the server's answer beside it, with Retry where sending again can help and Remove or
 * Cancel for each. A live region says how the uploads stand.
 */
export function PhotoDropZone({ id, formId, room, hint, fullMessage, failureMessage, tooLargeMessage, enclosingFormAction }: PhotoDropZoneProps) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const { uploads, add, remove, retry, status } = usePhotoUploads({ formId, fieldName: FIELD, failureMessage, tooLargeMessage });
  // Drag events fire for each child the files pass over: count entries and exits.
  const [dragDepth, setDragDepth] = useState(0);
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;

  // Files chosen before the page's script ran go as soon as it runs.
  useEffect(() => {
    const chosen = input.current?.files;
    if (!input.current || !chosen || chosen.length === 0) return;
    add(Array.from(chosen));
    input.current.value = "";
  }, [add]);

  // A file dropped beside the zone would replace the page with itself.
  useEffect(() => {
    const refuse = (event: globalThis.DragEvent) => {
      if (event.defaultPrevented || !event.dataTransfer?.types.includes("Files")) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "none";
    };
    addEventListener("dragover", refuse);
    addEventListener("drop", refuse);
    return () => {
      removeEventListener("dragover", refuse);
      removeEventListener("drop", refuse);
    };
  }, []);

  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {room > 0 ? (
        <div
          data-dragging={dragDepth > 0 || undefined}
          onDragEnter={(event) => {
            if (!carriesFiles(event)) return;
            event.preventDefault();
            setDragDepth((depth) => depth + 1);
          }}
          onDragOver={(event) => {
            if (!carriesFiles(event)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = "copy";
          }}
          onDragLeave={(event) => {
            if (carriesFiles(event)) setDragDepth((depth) => Math.max(0, depth - 1));
          }}
          onDrop={(event) => {
            if (!carriesFiles(event)) return;
            event.preventDefault();
            setDragDepth(0);
            add(Array.from(event.dataTransfer.files));
          }}
          className="flex min-w-0 flex-col gap-3 rounded-xl border-2 border-dashed border-slate-300 bg-white p-4 transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600 data-[dragging]:border-brand-600 data-[dragging]:bg-brand-50"
        >
          <label
            htmlFor={inputId}
            className={
              hydrated
                ? "flex min-h-28 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg text-center text-slate-700"
                : "flex items-center gap-2 text-sm font-medium text-slate-800"
            }
          >
            <ImagePlus aria-hidden className={hydrated ? "size-8 text-brand-700" : "size-5 text-brand-700"} />
            {hydrated ? (
              <span>
                <span className="font-semibold text-brand-700 underline underline-offset-2">Choose photos</span> or drag them here
              </span>
            ) : (
              "Choose photos"
            )}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            name={FIELD}
            form={enclosingFormAction ? undefined : formId}
            accept={PHOTO_INPUT_ACCEPT}
            multiple
            // In a form of other answers, choosing photos stays optional.
            required={!enclosingFormAction}
            aria-describedby={hintId}
            onChange={(event) => {
              add(Array.from(event.currentTarget.files ?? []));
              event.currentTarget.value = "";
            }}
            className={
              hydrated
                ? "sr-only"
                : "block w-full min-w-0 max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:font-medium"
            }
          />
          <p id={hintId} className={`text-sm text-slate-600 ${hydrated ? "text-center" : ""}`}>
            {hint}
          </p>
          {hydrated ? null : (
            <button
              type="submit"
              {...(enclosingFormAction
                ? {
                    formAction: enclosingFormAction,
                    formMethod: "post",
                    formEncType: "multipart/form-data",
                    formNoValidate: true,
                    name: "intent",
                    value: "upload",
                  }
                : { form: formId })}
              className={buttonClasses("primary", "md", "self-start")}
            >
              <Upload aria-hidden className="size-5" />
              Upload
            </button>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-600">{fullMessage}</p>
      )}

      {hydrated ? (
        // Always in the page, so its first words are announced too; unseen while it has none.
        <p role="status" aria-live="polite" className={status ? "text-sm font-medium text-slate-700" : "sr-only"}>
          {status}
        </p>
      ) : null}
      {uploads.length > 0 ? (
        <ul aria-label="Chosen photos" className="flex min-w-0 flex-col gap-2">
          {uploads.map((upload) => (
            <UploadRow key={upload.id} upload={upload} onRemove={() => remove(upload.id)} onRetry={() => retry(upload.id)} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function UploadRow({ upload, onRemove, onRetry }: { upload: PhotoUpload; onRemove: () => void; onRetry: () => void }) {
  // A file the browser cannot show (not a picture, or a type it does not draw) gets an icon.
  const [unreadable, setUnreadable] = useState(false);
  const percent = Math.round(upload.sent * 100);
  const pending = upload.state === "waiting" || upload.state === "sending";
  return (
    <li className="flex min-w-0 flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-2" aria-busy={pending}>
      {unreadable ? (
        <span className="flex size-14 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
          <ImageOff aria-hidden className="size-6" />
        </span>
      ) : (
        <img src={upload.previewUrl} alt="" onError={() => setUnreadable(true)} className="size-14 shrink-0 rounded-lg bg-slate-100 object-cover" />
      )}
      <div className="flex min-w-0 flex-1 basis-40 flex-col gap-1">
        <span className="truncate text-sm font-medium text-slate-800" title={upload.name}>
          {upload.name}
        </span>
        {upload.state === "sending" ? (
          <progress value={upload.sent} max={1} aria-label={`Uploading ${upload.name}`} className="h-2 w-full overflow-hidden rounded-full accent-brand-700" />
        ) : null}
        <span className={`text-sm ${upload.state === "failed" ? "text-red-700" : "text-slate-600"}`}>
          {upload.state === "waiting"
            ? "Waiting to upload"
            : upload.state === "sending"
              ? percent < 100
                ? `${percent}% sent`
                : "Saving…"
              : upload.state === "added"
                ? "Added"
                : upload.problem}
        </span>
      </div>
      {upload.state === "added" ? null : (
        <div className="ml-auto flex gap-2">
          {upload.state === "failed" && upload.retryable ? (
            <button type="button" onClick={onRetry} aria-label={`Retry ${upload.name}`} className={buttonClasses("outline", "md")}>
              <RotateCcw aria-hidden className="size-4" />
              Retry
            </button>
          ) : null}
          <button
            type="button"
            onClick={onRemove}
            aria-label={pending ? `Cancel ${upload.name}` : `Remove ${upload.name} from the list`}
            className={buttonClasses("outline", "md")}
          >
            <X aria-hidden className="size-4" />
            {pending ? "Cancel" : "Remove"}
          </button>
        </div>
      )}
    </li>
  );
}
