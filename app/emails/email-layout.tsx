import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { MessageCompany } from "~/domain/booking-messages";
import { EMAIL_COLOURS, SYSTEM_FONTS } from "./email-palette";
import { toE164 } from "~/domain/company-settings";

// The frame every message shares: the company's name and phone on top, the message, then the footer.
// Tables and inline styles only (React Email's components render both), so the major clients show it alike.

const styles = {
  body: { backgroundColor: EMAIL_COLOURS.page, fontFamily: SYSTEM_FONTS, color: EMAIL_COLOURS.text, margin: 0, padding: "24px 0" },
  container: { backgroundColor: EMAIL_COLOURS.white, border: `1px solid ${EMAIL_COLOURS.border}`, maxWidth: "600px", margin: "0 auto" },
  header: { backgroundColor: EMAIL_COLOURS.brand, padding: "20px 24px" },
  company: { color: EMAIL_COLOURS.white, fontSize: "20px", fontWeight: 700, margin: 0 },
  phone: { color: EMAIL_COLOURS.brandTint, fontSize: "14px", margin: "4px 0 0" },
  content: { padding: "8px 24px 16px" },
  heading: { fontSize: "22px", lineHeight: "28px", margin: "16px 0 8px", color: EMAIL_COLOURS.brandDark },
  footer: { color: EMAIL_COLOURS.muted, fontSize: "12px", lineHeight: "18px", padding: "0 24px 16px" },
} as const;

export const paragraph = { fontSize: "15px", lineHeight: "22px", margin: "12px 0" } as const;

export function EmailLayout({ company, preview, title, children }: { company: MessageCompany; preview: string; title: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.company}>{company.name}</Text>
            <Text style={styles.phone}>
              Call us:{" "}
              <Link href={`tel:${toE164(company.phone)}`} style={{ color: EMAIL_COLOURS.white }}>
                {company.phone}
              </Link>
            </Text>
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.heading}>
              {title}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: EMAIL_COLOURS.border, margin: "0 24px 16px" }} />
          <Text style={styles.footer}>
            {company.name} · {company.phone}. Times are on our local clock.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of one string: one text node, so the HTML holds the sentence whole, as the text does. */
export function Paragraph({ children }: { children: string }) {
  return <Text style={paragraph}>{children}</Text>;
}

/** The call to action, a button that is a plain link underneath. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "20px 0" }}>
      <Button
        href={href}
        style={{
          backgroundColor: EMAIL_COLOURS.brand,
          color: EMAIL_COLOURS.white,
          padding: "12px 20px",
          borderRadius: "6px",
          fontSize: "15px",
          fontWeight: 600,
        }}
      >
        {children}
      </Button>
    </Section>
  );
}
