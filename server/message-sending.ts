import type { Mailer } from "../app/services/mailer.server.ts";
import { messageDelivery } from "../app/services/message-delivery.server.ts";
import { messageOutbox, sendDueMessages, type SendReport } from "../app/services/message-sender.server.ts";
import { customerChangeRulesOf } from "../app/domain/company-settings.ts";
import { DEFAULT_REMINDER_SETTINGS, officeListDue } from "../app/domain/reminders.ts";
import { planReminders, queueOfficeDayList, REMINDER_PLAN_BATCH } from "../app/services/reminder-planner.server.ts";
import { createSettingsCache } from "../app/services/settings-cache.server.ts";
import { readCompanySettings } from "../app/services/settings.server.ts";
import type { AppSupabaseClient } from "../app/services/supabase.server.ts";
import type { Logger } from "./logger.ts";

/** How often each server looks for due messages, and how many it claims at a time. */
const SEND_EVERY_MS = 5_000;
const SEND_BATCH = 20;
/**
 * How often it plans the reminders: their instants are hours ahead, so a minute late costs nothing,
 * while the look for bookings still to plan reads every paid move ahead (13 to 30 ms with 100,000
 * bookings on the embedded database, whose one connection a request then waits behind).
 */
const PLAN_EVERY_MS = 60_000;

export interface MessageSending {
  /** Looks for due messages now (a change just queued one), or right after the look going on. */
  wake(): void;
  /** Stops looking and waits for the batch in flight, which finishes; no new batch is claimed. */
  stop(): Promise<void>;
}

const handled = (report: SendReport) => report.sent + report.retried + report.failed + report.voided + report.deferred;

/**
 * Sends due messages at once, every `everyMs`, and whenever woken, on a timer that never keeps the
 * process alive: batch after batch while the last one found messages, so a backlog drains without
 * waiting for the timer. The first look, and the first after each `planEveryMs`, first runs `plan`
 * once (what it queues is sent by the same look); a plan that fails, or that left more to plan, is
 * run again at the next look, and a failure is logged without holding up the sending. One look at a
 * time; a wake during a look makes one more look after it. A look that fails is logged and the next
 * one tries again (the outbox keeps every message).
 */
export function scheduleMessageSending({
  send,
  plan,
  logger,
  everyMs,
  planEveryMs = everyMs,
  giveWay,
}: {
  send: () => Promise<SendReport>;
  /** Plans what the clock makes due; `more: true` when it left some for the next look. */
  plan?: () => Promise<{ more: boolean }>;
  logger: Logger;
  everyMs: number;
  /** The least time between two plans (every look by default). */
  planEveryMs?: number;
  /** Awaited before each look's plan: the server's requests in flight go first. */
  giveWay?: () => Promise<void>;
}): MessageSending {
  let stopped = false;
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;
  let plannedAt = Number.NEGATIVE_INFINITY;
  const look = async () => {
    if (giveWay) await giveWay();
    const startedAt = Date.now();
    if (plan && startedAt - plannedAt >= planEveryMs) {
      const done = await plan().then(
        ({ more }) => !more,
        (error: unknown) => {
          logger.error({ err: error }, "could not plan the reminders; trying again later");
          return false;
        },
      );
      if (done) plannedAt = startedAt;
    }
    for (;;) {
      const report = await send();
      if (handled(report) > 0) logger.info({ ...report }, "messages sent");
      if (stopped || handled(report) === 0) return;
    }
  };
  const tick = () => {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = look()
      .catch((error: unknown) => logger.error({ err: error }, "could not send the due messages; trying again later"))
      .finally(() => {
        running = null;
        if (wokenWhileRunning) {
          wokenWhileRunning = false;
          tick();
        }
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    wake: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export interface MessageSendingOptions {
  /** The service-role client: no user sends mail. */
  serviceRole: AppSupabaseClient;
  mailer: Mailer;
  logger: Logger;
  /** The app's public address, for the links in messages. */
  publicUrl: string;
  /** Signs the customers' manage links. */
  linkSecret: string;
  /** Awaited before the planning and before each message: resolves when the server's requests in flight allow. */
  giveWay?: () => Promise<void>;
}

/**
 * Each server's sender: at every look it plans the messages that come from the clock (the bookings'
 * reminders, the office's list of tomorrow's moves when 'Email alerts' is on), then sends what is due
 * through `mailer`, as the company is named in its settings now.
 */
export function startMessageSending({ serviceRole, mailer, logger, publicUrl, linkSecret, giveWay }: MessageSendingOptions): MessageSending {
  const outbox = messageOutbox(serviceRole);
  // Read once every few seconds, not once a message, as requests read them.
  const settings = createSettingsCache({ load: () => readCompanySettings(serviceRole) });
  const deliver = messageDelivery({
    mailer,
    publicUrl,
    linkSecret,
    company: async () => {
      const current = await settings.get(logger);
      return { name: current.companyName, phone: current.adminPhone, timeZone: current.timeZone, changeRules: customerChangeRulesOf(current) };
    },
  });
  // The day whose list this server has queued (or found queued): the next look needs no write.
  let listedDay: string | null = null;
  const plan = async () => {
    const current = await settings.get(logger);
    const reminderSettings = {
      ...DEFAULT_REMINDER_SETTINGS,
      dayBeforeReminderHour: current.dayBeforeReminderHour,
      changeNoticeHours: current.customerChangeNoticeHours,
    };
    const planned = await planReminders(serviceRole, { timeZone: current.timeZone, settings: reminderSettings });
    const list = current.emailAlerts ? officeListDue(new Date(), current.timeZone, reminderSettings.dayBeforeReminderHour) : null;
    if (list && list.day !== listedDay) {
      await queueOfficeDayList(serviceRole, list);
      listedDay = list.day;
    }
    return { more: planned >= REMINDER_PLAN_BATCH };
  };
  return scheduleMessageSending({
    plan,
    send: () => sendDueMessages({ outbox, deliver, batch: SEND_BATCH, giveWay }),
    logger,
    everyMs: SEND_EVERY_MS,
    planEveryMs: PLAN_EVERY_MS,
    giveWay,
  });
}
