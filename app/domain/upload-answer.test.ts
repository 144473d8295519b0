import { describe, expect, it } from "vitest";
import { readUploadAnswer } from "./upload-answer";

const FAILED = "Failed to upload some images. Please try again.";
const json = (status: number, body: unknown) => ({ status, contentType: "application/json; charset=utf-8", body: JSON.stringify(body) });
const text = (status: number, body: string) => ({ status, contentType: "text/plain; charset=utf-8", body });

describe("readUploadAnswer", () => {
  it("takes a successful JSON answer as the photo added", () => {
    expect(readUploadAnswer(json(200, { type: "success", title: "Photo added" }), FAILED)).toEqual({ added: true });
  });

  it("shows the server's message of a JSON answer, title and description, and says whether trying again can help", () => {
    expect(
      readUploadAnswer(json(422, { type: "error", title: "Some files are not images", description: "0 of 1 photo was added. Not images: notes.png." }), FAILED),
    ).toEqual({ added: false, problem: "Some files are not images. 0 of 1 photo was added. Not images: notes.png.", retryable: false });
    expect(readUploadAnswer(json(409, { type: "error", title: "Too many images", description: "A gallery holds at most 20 photos." }), FAILED)).toEqual({
      added: false,
      problem: "Too many images. A gallery holds at most 20 photos.",
      retryable: true,
    });
    expect(readUploadAnswer(json(502, { type: "error", title: "Failed to save images. Please try again." }), FAILED)).toMatchObject({ retryable: true });
  });

  it("never takes an error status for an addition, whatever the body says", () => {
    expect(readUploadAnswer(json(500, { type: "success", title: "Photo added" }), FAILED)).toEqual({ added: false, problem: "Photo added", retryable: true });
  });

  it("shows a plain-text refusal as it is", () => {
    expect(readUploadAnswer(text(413, "Each photo can be at most 10 MB."), FAILED)).toEqual({
      added: false,
      problem: "Each photo can be at most 10 MB.",
      retryable: false,
    });
    expect(readUploadAnswer(text(429, "Too many attempts. Please wait 12 seconds and try again."), FAILED)).toMatchObject({ retryable: true });
    expect(readUploadAnswer(text(403, "Please sign in to add photos to your booking."), FAILED)).toMatchObject({ retryable: false });
  });

  it("gives the place's own message for a lost connection and for answers that are not the app's", () => {
    expect(readUploadAnswer({ status: 0, contentType: null, body: "" }, FAILED)).toEqual({ added: false, problem: FAILED, retryable: true });
    expect(readUploadAnswer({ status: 200, contentType: "text/html", body: "<!doctype html><p>The wizard</p>" }, FAILED)).toEqual({
      added: false,
      problem: FAILED,
      retryable: false,
    });
    expect(readUploadAnswer({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }, FAILED)).toMatchObject({
      problem: FAILED,
      retryable: true,
    });
    expect(readUploadAnswer(json(200, { unexpected: true }), FAILED)).toMatchObject({ added: false, problem: FAILED });
    expect(readUploadAnswer(text(500, "x".repeat(501)), FAILED)).toMatchObject({ problem: FAILED });
  });
});
