import type { OutboxEmail } from "./outbox.ts";

/** The subjects of GoTrue's default templates, which a hosted project sends unless changed. */
export const AUTH_EMAIL_SUBJECTS: Record<OutboxEmail["type"], string> = {
  signup: "Confirm Your Signup",
  recovery: "Reset Your Password",
};

const BODIES: Record<OutboxEmail["type"], { heading: string; lead: string; action: string }> = {
  signup: { heading: "Confirm your signup", lead: "Follow this link to confirm your user:", action: "Confirm your mail" },
  recovery: { heading: "Reset Password", lead: "Follow this link to reset the password for your user:", action: "Reset Password" },
};

/** The email the auth service sends for this outbox entry: GoTrue's default subject and body, as HTML and text. */
export function authEmailContent(email: OutboxEmail): { subject: string; html: string; text: string } {
  const body = BODIES[email.type];
  return {
    subject: AUTH_EMAIL_SUBJECTS[email.type],
    html: [
      `<h2>${escapeHtml(body.heading)}</h2>`,
      `<p>${escapeHtml(body.lead)}</p>`,
      `<p><a href="${escapeHtml(email.link)}">${escapeHtml(body.action)}</a></p>`,
      `<p>Alternatively, enter the code: ${escapeHtml(email.token)}</p>`,
    ].join("\n"),
    text: `${body.heading}\n\n${body.lead}\n${email.link}\n\nAlternatively, enter the code: ${email.token}\n`,
  };
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}
