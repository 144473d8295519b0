import { useEffect, useState, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";
import { MAX_PHOTO_BYTES, photoFileName } from "~/domain/photo-rules";
import { UPLOAD_ANSWER_STATUS, UPLOAD_ANSWER_TYPE, readUploadAnswer } from "~/domain/upload-answer";

/** Where one chosen file is: waiting for its turn, being sent, added, or not added (with the reason). */
export type PhotoUploadState = "waiting" | "sending" | "added" | "failed";

export interface PhotoUpload {
  id: string;
  file: File;
  /** The name the photo will be listed under. */
  name: string;
  /** An object URL of the file for its preview, revoked once the upload leaves the list. */
  previewUrl: string;
  state: PhotoUploadState;
  /** The share of the file sent so far, from 0 to 1. */
  sent: number;
  problem: string | null;
  /** Whether sending it again may help (a lost connection, a full draft once a photo is removed). */
  retryable: boolean;
}

export interface PhotoUploadOptions {
  /** The form whose post the files go with: its fields and address, one file at a time. */
  formId: string;
  /** The form's file field. */
  fieldName: string;
  /** Said of a file when the answer is not the app's (a lost connection, a proxy's page). */
  failureMessage: string;
  /** The server's refusal of a file over 10 MB: such a file is not sent, its size being known here. */
  tooLargeMessage: string;
}

type Answer = { status: number; contentType: string | null; body: string };

interface UploadsSnapshot {
  uploads: PhotoUpload[];
  added: number;
}

/**
 * Posts the form with one file in place of the chosen ones, as XMLHttpRequest does (fetch cannot
 * tell how much of a body has been sent), asking for the outcome as JSON. The answer is null when
 * the post was cancelled.
 */
function postWithFile(form: HTMLFormElement, fieldName: string, file: File, onProgress: (sent: number) => void) {
  const body = new FormData(form);
  body.delete(fieldName);
  body.append(fieldName, file);
  const request = new XMLHttpRequest();
  const answer = new Promise<Answer | null>((resolve) => {
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () =>
      resolve({ status: request.status, contentType: request.getResponseHeader("Content-Type"), body: request.responseText }),
    );
    request.addEventListener("error", () => resolve({ status: 0, contentType: null, body: "" }));
    request.addEventListener("abort", () => resolve(null));
  });
  request.open("POST", form.action);
  request.setRequestHeader("Accept", UPLOAD_ANSWER_TYPE);
  request.send(body);
  return { answer, cancel: () => request.abort() };
}

let lastUploadId = 0;

/**
 * The chosen files, sent one after another, each in a post of its own made from the form. Lives
 * outside React (XMLHttpRequest drives it); the component reads it as an external store.
 */
class UploadQueue {
  /** The listed files, and how many photos were added since the list last stood still. */
  private state: UploadsSnapshot = { uploads: [], added: 0 };
  private readonly listeners = new Set<() => void>();
  private sending: { id: string; cancel: () => void } | null = null;

  constructor(
    private options: PhotoUploadOptions,
    /** Reads the page's data again (the photos it shows); resolves once the page has it. */
    private revalidate: () => Promise<void>,
  ) {}

  /** The page's latest options and revalidation. */
  configure(options: PhotoUploadOptions, revalidate: () => Promise<void>) {
    this.options = options;
    this.revalidate = revalidate;
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly snapshot = () => this.state;

  readonly add = (files: readonly File[]) => {
    if (files.length === 0) return;
    const added = files.map((file): PhotoUpload => {
      const tooLarge = file.size > MAX_PHOTO_BYTES;
      return {
        id: `photo-upload-${(lastUploadId += 1)}`,
        file,
        name: photoFileName(file.name),
        previewUrl: URL.createObjectURL(file),
        state: tooLarge ? "failed" : "waiting",
        sent: 0,
        problem: tooLarge ? this.options.tooLargeMessage : null,
        retryable: false,
      };
    });
    this.set([...this.startOver().uploads, ...added]);
    this.sendNext();
  };

  /** Takes a file off the list; one being sent is cancelled. */
  readonly remove = (id: string) => {
    if (this.sending?.id === id) {
      this.sending.cancel();
      this.sending = null;
      // The post may have arrived before it was cancelled.
      void this.revalidate();
    }
    this.drop(id);
    this.sendNext();
  };

  readonly retry = (id: string) => {
    this.startOver();
    this.change(id, { state: "waiting", sent: 0, problem: null, retryable: false });
    this.sendNext();
  };

  /** Cancels the post under way and lets the previews go. */
  dispose() {
    this.sending?.cancel();
    this.sending = null;
    for (const upload of this.state.uploads) URL.revokeObjectURL(upload.previewUrl);
    this.state = { uploads: [], added: 0 };
  }

  /** New files while none is waiting or being sent: the count of photos added starts again. */
  private startOver(): UploadsSnapshot {
    if (this.state.added > 0 && !this.state.uploads.some((upload) => upload.state === "waiting" || upload.state === "sending")) {
      this.state = { ...this.state, added: 0 };
    }
    return this.state;
  }

  private sendNext() {
    if (this.sending) return;
    const next = this.state.uploads.find((upload) => upload.state === "waiting");
    const form = document.getElementById(this.options.formId);
    if (!next || !(form instanceof HTMLFormElement)) return;
    const { fieldName, failureMessage } = this.options;
    const post = postWithFile(form, fieldName, next.file, (sent) => this.change(next.id, { sent }));
    this.sending = { id: next.id, cancel: post.cancel };
    this.change(next.id, { state: "sending", sent: 0 });
    void post.answer.then((answer) => {
      if (answer === null) return;
      this.sending = null;
      const result = readUploadAnswer(answer, failureMessage);
      if (result.added) {
        this.state = { ...this.state, added: this.state.added + 1 };
        this.change(next.id, { state: "added", sent: 1 });
        // Once the page shows the photo among its own, it leaves this list.
        void this.revalidate().then(() => this.drop(next.id));
      } else {
        // A full draft or gallery takes none of the files still waiting either: they are not sent for nothing.
        const full = answer.status === UPLOAD_ANSWER_STATUS.full;
        const failed = { state: "failed", problem: result.problem, retryable: result.retryable } as const;
        this.set(this.state.uploads.map((upload) => (upload.id === next.id || (full && upload.state === "waiting") ? { ...upload, ...failed } : upload)));
      }
      this.sendNext();
    });
  }

  private drop(id: string) {
    const upload = this.state.uploads.find((candidate) => candidate.id === id);
    if (!upload) return;
    URL.revokeObjectURL(upload.previewUrl);
    this.set(this.state.uploads.filter((candidate) => candidate !== upload));
  }

  private change(id: string, next: Partial<PhotoUpload>) {
    this.set(this.state.uploads.map((upload) => (upload.id === id ? { ...upload, ...next } : upload)));
  }

  private set(uploads: PhotoUpload[]) {
    this.state = { ...this.state, uploads };
    for (const listener of this.listeners) listener();
  }
}

const NONE: UploadsSnapshot = { uploads: [], added: 0 };

/**
 * Files a customer chose or dropped, each posted on its own with the form's own fields to the
 * form's own address (the post the form makes without JavaScript, so the server alone decides what
 * is taken), one after another: their progress, the server's answer for each, and the page's data
 * read again after each photo added, so the page shows it. Once the server says there is no room,
 * the files still waiting get that answer without being sent.
 */
export function usePhotoUploads(options: PhotoUploadOptions) {
  const { revalidate } = useRevalidator();
  const [queue] = useState(() => new UploadQueue(options, revalidate));
  const snapshot = useSyncExternalStore(queue.subscribe, queue.snapshot, () => NONE);
  useEffect(() => queue.configure(options, revalidate));
  useEffect(() => () => queue.dispose(), [queue]);
  return { uploads: snapshot.uploads, add: queue.add, remove: queue.remove, retry: queue.retry, status: uploadsStatus(snapshot) };
}

const photos = (count: number) => (count === 1 ? "1 photo" : `${count} photos`);

/** How the uploads stand, in a sentence for the page's live region. */
function uploadsStatus({ uploads, added }: UploadsSnapshot): string {
  const count = (state: PhotoUploadState) => uploads.filter((upload) => upload.state === state).length;
  const pending = count("waiting") + count("sending");
  if (pending > 0) return `Uploading ${photos(pending)}…`;
  const failed = count("failed");
  return [added > 0 ? `${photos(added)} added.` : "", failed > 0 ? `${photos(failed)} could not be added.` : ""].filter(Boolean).join(" ");
}
