import type { TestApp, Visitor } from "./app-client.ts";

/** What the wizard's first step asks for. */
export interface ContactAnswers {
  fullName: string;
  email: string;
  phone: string;
}

/**
 * Starts the visitor's booking draft as the wizard's first step does (its answers, then Continue) on
 * `app`, and returns the id of the draft that the browser's signed cookie now holds.
 */
export async function startDraft(app: TestApp, visitor: Visitor, contact: ContactAnswers): Promise<string> {
  const answer = await visitor.post("/book", { ...contact });
  if (answer.status !== 302) throw new Error(`the wizard's first step answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  const { draftCookie } = app.services;
  const held = visitor.cookies().get(draftCookie.name);
  const id: unknown = held === undefined ? null : await draftCookie.parse(`${draftCookie.name}=${held}`);
  if (typeof id !== "string") throw new Error("the wizard's first step left no draft cookie");
  return id;
}
