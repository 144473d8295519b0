import type { PostgrestError, SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PROFILE_MESSAGES } from "../../app/domain/profile.ts";
import { reencodeAvatar, type EncodedImage } from "../../app/services/image-processing.server.ts";
import { AVATARS_BUCKET, storeAvatar } from "../../app/services/profiles.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signInCustomer } from "./support/app-harness.ts";
import { signIn, startTestApp, type DataAnswer, type SignedInVisitor, type TestApp } from "./support/app-client.ts";

// Profiles and avatars against the embedded Supabase: row level security on public.profiles and the
// avatars bucket's policies, through supabase-js as the app calls them; then the profile form's
// action (fields, avatar by its bytes, sizes, the old avatar removed, the account's metadata),
// posted through the app's request handler by a customer signed in through its login form.

let backend: TestBackend;
let app: TestApp;
let service: SupabaseClient;
let anon: SupabaseClient;
/** While true, the database answers the app's writes of profiles with an error. */
let profileWritesFail = false;

/** A customer with their own Supabase client, as the app's server-side code holds it. */
const customer = (label: string, fullName: string) => signInCustomer(backend, label, fullName);
/** A customer signed in to `on` through its login form, in a browser of their own. */
const visitorAs = (label: string, fullName: string, on: TestApp = app) => signIn(on, "customer", { label, fullName });

const png = (width = 300, height = 200, background = "#36a") =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

async function encodedAvatar(): Promise<EncodedImage> {
  const result = await reencodeAvatar(await png());
  if (result.kind === "rejected") throw new Error(result.reason);
  return result.avatar;
}

/** The avatar storeAvatar stored; a refusal fails the test here. */
function storedAvatar(result: Awaited<ReturnType<typeof storeAvatar>>) {
  if (result.kind !== "stored") throw new Error("the avatar was not stored", { cause: result.cause });
  return result;
}

async function filesIn(folder: string): Promise<string[]> {
  const { data, error } = await service.storage.from(AVATARS_BUCKET).list(folder, { limit: 100 });
  if (error) throw error;
  return data.map((entry) => entry.name).sort();
}

async function profileRow(userId: string) {
  const { data, error } = await service.from("profiles").select("full_name, phone, address, bio, avatar_url").eq("user_id", userId).single();
  if (error) throw error;
  return data as { full_name: string | null; phone: string | null; address: string | null; bio: string | null; avatar_url: string | null };
}

function expectRlsViolation(error: PostgrestError | null) {
  expect(error).toMatchObject({ code: "42501", message: 'new row violates row-level security policy for table "profiles"' });
}

beforeAll(async () => {
  backend = await startTestBackend();
  // The app reaches storage and auth, but while `profileWritesFail` the profiles table answers with an error.
  const database: typeof fetch = async (input, init) => {
    const call = new Request(input, init);
    if (profileWritesFail && new URL(call.url).pathname === "/rest/v1/profiles" && call.method === "POST") {
      return Response.json({ code: "57P01", message: "terminating connection due to administrator command" }, { status: 503 });
    }
    return backend.fetch(call);
  };
  app = await startTestApp(backend, { supabase: { url: backend.url, anonKey: backend.anonKey, fetch: database } });
  service = backend.createClient({ key: "service_role" });
  anon = backend.createClient();
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe("profiles under row level security", () => {
  it("keeps a customer from reading, changing or upserting another customer's profile", async () => {
    const alice = await customer("alice", "Alice Anders");
    const bob = await customer("bob", "Bob Brown");
    await bob.client.from("profiles").update({ bio: "Bob's own words" }).eq("user_id", bob.user.id);

    const read = await alice.client.from("profiles").select("*").eq("user_id", bob.user.id);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);

    const update = await alice.client.from("profiles").update({ full_name: "Not Bob", bio: "hacked" }).eq("user_id", bob.user.id).select();
    expect(update.data).toEqual([]);

    const upsert = await alice.client.from("profiles").upsert({ user_id: bob.user.id, full_name: "Not Bob", bio: "hacked" }, { onConflict: "user_id" });
    expectRlsViolation(upsert.error);

    // Moving her own row onto his id is refused too.
    const moved = await alice.client.from("profiles").update({ user_id: bob.user.id }).eq("user_id", alice.user.id);
    expectRlsViolation(moved.error);

    expect(await profileRow(bob.user.id)).toMatchObject({ full_name: "Bob Brown", bio: "Bob's own words" });
  });

  it("lets a customer upsert their own profile, also when sign-up's row is missing", async () => {
    const cleo = await customer("cleo", "Cleo Clark");
    await service.from("profiles").delete().eq("user_id", cleo.user.id);
    const { error } = await cleo.client
      .from("profiles")
      .upsert({ user_id: cleo.user.id, full_name: "Cleo Clark", phone: "404-555-0123" }, { onConflict: "user_id" });
    expect(error).toBeNull();
    expect(await profileRow(cleo.user.id)).toMatchObject({ full_name: "Cleo Clark", phone: "404-555-0123" });
  });

  it("shows visitors who are not signed in no profile at all", async () => {
    const { data, error } = await anon.from("profiles").select("*");
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: "42501", message: "permission denied for table profiles" });
  });
});

describe("avatar storage policies", () => {
  it("lets a customer write only in their own folder, and never replace or remove another customer's avatar", async () => {
    const alice = await customer("alice", "Alice Anders");
    const bob = await customer("bob", "Bob Brown");
    const image = await encodedAvatar();

    const bobs = storedAvatar(await storeAvatar(bob.client, bob.user.id, image));
    expect(bobs?.path).toMatch(new RegExp(`^${bob.user.id}/avatar-[0-9a-f-]{36}\\.webp$`));
    const original = await service.storage.from(AVATARS_BUCKET).download(bobs!.path);
    const originalBytes = Buffer.from(await original.data!.arrayBuffer());

    // Into his folder under a new name: refused.
    expect(await storeAvatar(alice.client, bob.user.id, image)).toMatchObject({ kind: "failed" });
    // Over his file: refused, whether as a new upload or as a replacement.
    const other = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#f00" } })
      .webp()
      .toBuffer();
    const overwrite = await alice.client.storage.from(AVATARS_BUCKET).upload(bobs!.path, other, { contentType: "image/webp", upsert: true });
    expect(overwrite.error).not.toBeNull();
    const update = await alice.client.storage.from(AVATARS_BUCKET).update(bobs!.path, other, { contentType: "image/webp" });
    expect(update.error).not.toBeNull();
    // Removing it: storage does not even show it to her.
    await alice.client.storage.from(AVATARS_BUCKET).remove([bobs!.path]);
    // Nor can a visitor who is not signed in upload.
    const asGuest = await anon.storage.from(AVATARS_BUCKET).upload(`${bob.user.id}/avatar-1.webp`, other, { contentType: "image/webp" });
    expect(asGuest.error).not.toBeNull();

    expect(await filesIn(bob.user.id)).toEqual([bobs!.path.split("/")[1]]);
    const after = await service.storage.from(AVATARS_BUCKET).download(bobs!.path);
    expect(Buffer.from(await after.data!.arrayBuffer()).equals(originalBytes)).toBe(true);
    expect(await filesIn(alice.user.id)).toEqual([]);
  });

  it("stores two avatars saved in the same millisecond under two names, both kept", async () => {
    const gus = await customer("gus", "Gus Green");
    const image = await encodedAvatar();
    const sameMillisecond = vi.spyOn(Date, "now").mockReturnValue(1_764_000_000_000);
    let first, second;
    try {
      [first, second] = (await Promise.all([storeAvatar(gus.client, gus.user.id, image), storeAvatar(gus.client, gus.user.id, image)])).map(storedAvatar);
    } finally {
      sameMillisecond.mockRestore();
    }
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(first!.path).not.toBe(second!.path);
    expect((await filesIn(gus.user.id)).sort()).toEqual([first!.path, second!.path].map((path) => path.split("/")[1]).sort());
  });

  it("serves a stored avatar publicly as WebP, cached for a year", async () => {
    const dana = await customer("dana", "Dana Doe");
    const stored = storedAvatar(await storeAvatar(dana.client, dana.user.id, await encodedAvatar()));
    const response = await backend.fetch(stored!.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
  });
});

/** The form as the profile tab posts it (multipart); `avatar` is the file input's value. */
function profileForm(fields: Record<string, string>, avatar?: File): FormData {
  const form = new FormData();
  form.set("intent", "save-profile");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("avatar", avatar ?? new File([], ""));
  return form;
}

interface FormResult {
  status?: string;
  error?: Record<string, string[] | null>;
  initialValue?: Record<string, unknown> | null;
}

type ActionAnswer = { kind: "redirect"; status: number; location: string | null } | { kind: "data"; status: number; result: FormResult };

const PROFILE_FORM = "/dashboard/profile";

/** Posts the profile form as the page's script does (its answer decoded); the message the next page shows. */
async function post(who: SignedInVisitor, form: FormData) {
  const answer = actionAnswer(await who.visitor.submit(PROFILE_FORM, form));
  const toast = answer.kind === "redirect" && answer.location ? await who.visitor.toast(answer.location) : null;
  return { answer, toast, toastQueued: who.visitor.cookies().has("flash_toast") };
}

function actionAnswer(answer: DataAnswer): ActionAnswer {
  if (answer.redirect) return { kind: "redirect", status: answer.redirect.status, location: answer.redirect.location };
  const action = answer.routes.action;
  if (!action || !("data" in action)) throw new Error(`the profile form's action gave no data: ${answer.status}`);
  return { kind: "data", status: answer.status, result: formResult(action.data) };
}

function formResult(value: unknown): FormResult {
  if (typeof value !== "object" || value === null) throw new Error(`not a form's result: ${String(value)}`);
  return value;
}

/** Posts a body of the test's own making to the profile form, as a browser without JavaScript does: the page it answers with. */
async function postBody(who: SignedInVisitor, body: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  const { status, html } = await who.visitor.post(PROFILE_FORM, body, { headers });
  return { status, html };
}

async function metadataOf(userId: string) {
  const { data, error } = await service.auth.admin.getUserById(userId);
  if (error) throw error;
  return data.user.user_metadata;
}

describe.skipIf(usingHostedBackend)("the profile form's action", () => {
  it("saves the fields and a new avatar, updates the account's name and avatar, and says so", async () => {
    const erin = await visitorAs("erin", "Erin Early");
    const { answer, toast } = await post(
      erin,
      profileForm(
        { fullName: "Erin Evans", phone: "(404) 555-0123", address: "12 Oak St, Atlanta, GA", bio: "Moving twice a year.\r\nHappy to help." },
        new File([new Uint8Array(await png(600, 300))], "me.png", { type: "image/png" }),
      ),
    );
    expect(answer).toEqual({ kind: "redirect", status: 302, location: "/dashboard/profile" });
    expect(toast).toMatchObject({ type: "success", title: "Profile updated", description: "Your profile has been saved." });

    const row = await profileRow(erin.user.id);
    expect(row).toMatchObject({
      full_name: "Erin Evans",
      phone: "(404) 555-0123",
      address: "12 Oak St, Atlanta, GA",
      bio: "Moving twice a year.\nHappy to help.",
    });
    expect(row.avatar_url).toMatch(new RegExp(`/storage/v1/object/public/avatars/${erin.user.id}/avatar-[0-9a-f-]{36}\\.webp$`));
    const files = await filesIn(erin.user.id);
    expect(files).toHaveLength(1);
    const stored = await service.storage.from(AVATARS_BUCKET).download(`${erin.user.id}/${files[0]}`);
    expect(await sharp(Buffer.from(await stored.data!.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(await metadataOf(erin.user.id)).toMatchObject({ full_name: "Erin Evans", avatar_url: row.avatar_url });

    // A second avatar replaces the first: its file is removed.
    const again = await post(
      erin,
      profileForm({ fullName: "Erin Evans" }, new File([new Uint8Array(await png(50, 50, "#a33"))], "new.png", { type: "image/png" })),
    );
    expect(again.answer).toMatchObject({ kind: "redirect", status: 302 });
    const newRow = await profileRow(erin.user.id);
    expect(newRow.avatar_url).not.toBe(row.avatar_url);
    expect(await filesIn(erin.user.id)).toEqual([newRow.avatar_url!.split("/").at(-1)]);
    // Fields left empty are cleared; the avatar stays when none is chosen.
    expect(newRow).toMatchObject({ phone: null, address: null, bio: null });
    await post(erin, profileForm({ fullName: "Erin E." }));
    expect(await profileRow(erin.user.id)).toMatchObject({ full_name: "Erin E.", avatar_url: newRow.avatar_url });
    expect(await metadataOf(erin.user.id)).toMatchObject({ full_name: "Erin E.", avatar_url: newRow.avatar_url });
  });

  it("answers invalid fields with their messages and what was typed, saving nothing", async () => {
    const finn = await visitorAs("finn", "Finn Fox");
    const { answer } = await post(finn, profileForm({ fullName: "F".repeat(201), phone: "555-01", bio: "Still here" }));
    expect(answer).toMatchObject({
      kind: "data",
      status: 400,
      result: {
        status: "error",
        error: { fullName: [PROFILE_MESSAGES.fullNameTooLong], phone: [PROFILE_MESSAGES.phoneInvalid] },
        initialValue: { fullName: "F".repeat(201), phone: "555-01", bio: "Still here" },
      },
    });
    expect(await profileRow(finn.user.id)).toMatchObject({ full_name: "Finn Fox", phone: null, bio: null });
  });

  it("refuses a file that is not a PNG, JPEG or WebP by its bytes, on the avatar field", async () => {
    const gus = await visitorAs("gus", "Gus Green");
    const fake = new File([Buffer.from("a shopping list, not a picture")], "me.png", { type: "image/png" });
    const { answer } = await post(gus, profileForm({ fullName: "Gus Green", bio: "Kept" }, fake));
    expect(answer).toMatchObject({
      kind: "data",
      status: 400,
      result: { error: { avatar: [PROFILE_MESSAGES.avatarNotAnImage] }, initialValue: { bio: "Kept" } },
    });
    expect(await filesIn(gus.user.id)).toEqual([]);
    expect((await profileRow(gus.user.id)).bio).toBeNull();
  });

  it("answers 429 beside the avatar once a customer has sent too many avatars in a minute, keeping what was typed", async () => {
    // One action a minute: four photos per customer; a save without a new avatar is not an upload.
    const strict = await startTestApp(backend, { bookingActionsPerMinute: 1 });
    const ivy = await visitorAs("ivy", "Ivy Iris", strict);
    const avatar = async () => new File([new Uint8Array(await png(300, 300))], "me.png", { type: "image/png" });
    for (let n = 0; n < 4; n++) {
      const { answer } = await post(ivy, profileForm({ fullName: "Ivy Iris" }, await avatar()));
      expect(answer).toMatchObject({ kind: "redirect", status: 302 });
    }
    const before = await profileRow(ivy.user.id);
    const { answer } = await post(ivy, profileForm({ fullName: "Ivy Ingram" }, await avatar()));
    expect(answer).toMatchObject({ kind: "data", status: 429 });
    const refused = answer as Extract<typeof answer, { kind: "data" }>;
    expect(refused.result.error?.avatar?.[0]).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(refused.result.initialValue).toMatchObject({ fullName: "Ivy Ingram" });
    expect(await profileRow(ivy.user.id)).toEqual(before);
    const { answer: withoutAvatar } = await post(ivy, profileForm({ fullName: "Ivy Ingram" }));
    expect(withoutAvatar).toMatchObject({ kind: "redirect", status: 302 });
  });

  it("refuses a body declared larger than the allowance with 413, before reading it", async () => {
    const hana = await visitorAs("hana", "Hana Hill");
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const page = await postBody(hana, body, { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(7 * 1024 * 1024) });
    expect(page.status).toBe(413);
    expect(page.html).toContain(PROFILE_MESSAGES.avatarTooLarge);
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it("refuses an avatar over 5 MB with 413 while it streams, storing nothing", async () => {
    const ivan = await visitorAs("ivan", "Ivan Ince");
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    // Sent as one encoded body with no declared length, so the limit is met while streaming.
    const encoded = new Response(profileForm({ fullName: "Ivan Ince" }, big));
    const contentType = encoded.headers.get("Content-Type")!;
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 64 * 1024) controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
        controller.close();
      },
    });
    const page = await postBody(ivan, body, { "Content-Type": contentType });
    expect(page.status).toBe(413);
    expect(page.html).toContain(PROFILE_MESSAGES.avatarTooLarge);
    expect(await filesIn(ivan.user.id)).toEqual([]);
  });

  it("says 'Failed to save your profile' when the database fails, keeping the values and removing the new avatar", async () => {
    const jo = await visitorAs("jo", "Jo Jones");
    const form = profileForm({ fullName: "Jo J.", bio: "Typed with care" }, new File([new Uint8Array(await png())], "me.png", { type: "image/png" }));
    profileWritesFail = true;
    let result: Awaited<ReturnType<typeof post>>;
    try {
      result = await post(jo, form);
    } finally {
      profileWritesFail = false;
    }
    const { answer, toastQueued } = result;
    expect(answer).toMatchObject({
      kind: "data",
      status: 500,
      result: { error: { "": [PROFILE_MESSAGES.saveFailed] }, initialValue: { fullName: "Jo J.", bio: "Typed with care" } },
    });
    expect(toastQueued).toBe(false);
    expect(await filesIn(jo.user.id)).toEqual([]);
    expect(await profileRow(jo.user.id)).toMatchObject({ full_name: "Jo Jones", avatar_url: null });
    expect(await metadataOf(jo.user.id)).toMatchObject({ full_name: "Jo Jones" });
  });
});
