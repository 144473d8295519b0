import { ADMIN_BOOKINGS_PAGE_SIZE, listPageNumber } from "./admin-list-pages";
import type { MailboxAddress } from "./mailbox";

/** The mailbox lists as every admin list does: 25 a page. */
export const MAILBOX_PAGE_SIZE = ADMIN_BOOKINGS_PAGE_SIZE;

/** The `page` search parameter: 1 when missing or not a page number. */
export function mailboxPage(params: URLSearchParams): number {
  return listPageNumber(params.get("page"));
}

export function mailboxPageHref(page: number): string {
  return page === 1 ? "/admin/mail" : `/admin/mail?page=${page}`;
}

/** "Ana Lee <ana@example.com>, crew@example.com" */
export function formatMailAddresses(addresses: readonly MailboxAddress[]): string {
  return addresses.map(({ name, address }) => (name ? `${name} <${address}>` : address)).join(", ");
}

/** An attachment's index in a URL: a whole number, else nothing. */
export function attachmentIndex(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,4}$/.test(value) ? Number(value) : null;
}
