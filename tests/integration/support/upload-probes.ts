/**
 * The multipart body of a form of large text fields and no file (as a probe sends to an upload
 * form): the intent, then `count` fields of `size` bytes each, made as it is read, so the test holds
 * none of it. `bytesRead()` says how much of it the reader has pulled so far.
 */
export function largeTextFieldsBody({ count, size, intent = "upload" }: { count: number; size: number; intent?: string }) {
  const boundary = "----probe-large-text-fields";
  const encoder = new TextEncoder();
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const pieces: Array<() => Uint8Array> = [() => encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${intent}\r\n`)];
  for (let field = 0; field < count; field++) {
    pieces.push(() => encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="note${field}"\r\n\r\n`));
    for (let sent = 0; sent < size; sent += chunk.length) {
      const length = Math.min(chunk.length, size - sent);
      pieces.push(() => chunk.slice(0, length));
    }
    pieces.push(() => encoder.encode("\r\n"));
  }
  pieces.push(() => encoder.encode(`--${boundary}--\r\n`));
  let next = 0;
  let read = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[next++];
      if (!piece) return controller.close();
      const bytes = piece();
      read += bytes.byteLength;
      controller.enqueue(bytes);
    },
  });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}`, bytesRead: () => read };
}

/**
 * An upload form whose post stays in flight until `release()`: its intent arrives at once, the end
 * of the body only once released. `reading` resolves when the server has read the intent and waits
 * for more.
 */
export function heldUploadBody() {
  const boundary = "----probe-held-upload";
  const encoder = new TextEncoder();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let waiting!: () => void;
  const reading = new Promise<void>((resolve) => (waiting = resolve));
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      pulls += 1;
      if (pulls === 1) return controller.enqueue(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n`));
      waiting();
      await released;
      controller.enqueue(encoder.encode(`--${boundary}--\r\n`));
      controller.close();
    },
  });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}`, reading, release };
}
