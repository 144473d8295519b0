// A believable moving company in the embedded database: customers who can sign in, six months of
// bookings in every state with their deposits, status histories and photos, and the last 48 hours of
// website visitors. The bookings are made
// by the database itself (generate_series), so a hundred thousand take seconds, not hours.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import bcrypt from "bcryptjs";
import sharp from "sharp";
import { createSupabaseEmulator, type SupabaseEmulator } from "../emulators/supabase/index.ts";
import type { Database } from "../supabase/types.ts";

/** The password of every demo customer (and of the admin account the demo creates). */
export const DEMO_PASSWORD = "DemoMovers2026";
/** Demo customers' addresses end with it; finding one means the demo data is already there. */
export const DEMO_EMAIL_DOMAIN = "demo.metromovers.example";
export const DEMO_CUSTOMERS = 200;
export const DEFAULT_DEMO_BOOKINGS = 600;
/** Bookings that get photos, whatever the number of bookings. */
const BOOKINGS_WITH_PHOTOS = 40;
/**
 * About how many bookings the demo company takes a day: more bookings than six months of this make a
 * longer history, so each day of the schedule stays a day a real company has (its crews are then set
 * to what its busiest day needs).
 */
export const DEMO_BOOKINGS_PER_DAY = 20;
/** The fewest crews the demo company has on each weekday (the app's default). */
const DEMO_MIN_CREWS = 3;
/** GoTrue's bcrypt cost, so the customers sign in like anyone else. */
const BCRYPT_COST = 10;

export interface DemoOptions {
  dataDir: string;
  bookings: number;
  admin: { email: string; password?: string };
}

export interface DemoSummary {
  customers: number;
  bookingsByStatus: Record<string, number>;
  photos: number;
  /** Website analytics events of the last 48 hours. */
  analyticsEvents: number;
  /** The crews the company has on each weekday: what its busiest day needs. */
  crewsPerDay: number;
  /** The admin account and the password it now signs in with; `existed` when the demo only set its password. */
  admin: { email: string; password: string; existed: boolean };
  someCustomerEmail: string;
}

/** Why the demo will not run: the user can act on the message. */
export class DemoRefusal extends Error {}

/**
 * PGlite serves one process at a time: while a server holds the database, its directory has a
 * postmaster.pid (removed when the database closes).
 */
export function refuseWhenInUse(dataDir: string): void {
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  if (existsSync(pidFile)) {
    throw new DemoRefusal(
      `The database in ${dataDir} is open in another process (the app's server?). Stop the server, then run the demo again. ` +
        `If no server is running, a server stopped abruptly: remove ${pidFile} and try again.`,
    );
  }
}

export async function seedDemoCompany(options: DemoOptions): Promise<DemoSummary> {
  refuseWhenInUse(options.dataDir);
  const emulator = await createSupabaseEmulator({
    url: process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`,
    dataDir: options.dataDir,
    migrationsDir: path.resolve("supabase/migrations"),
    seedFile: path.resolve("supabase/seed.sql"),
  });
  try {
    const { pg } = emulator.db;
    const seeded = await pg.query("select 1 from auth.users where email like $1 limit 1", [`%@${DEMO_EMAIL_DOMAIN}`]);
    if (seeded.rows.length > 0) {
      throw new DemoRefusal(
        `${options.dataDir} already holds the demo company. To start over, stop the server, delete ${options.dataDir} and run the demo again.`,
      );
    }
    const admin = await prepareAdmin(emulator, options.admin);
    const passwordHash = await bcrypt.hash(DEMO_PASSWORD, BCRYPT_COST);
    await pg.transaction(async (tx) => {
      await tx.query(CREATE_CUSTOMERS, [DEMO_CUSTOMERS, passwordHash, DEMO_EMAIL_DOMAIN]);
      await tx.query(FILL_PROFILES, [`%@${DEMO_EMAIL_DOMAIN}`]);
      await tx.exec("set local session_replication_role = replica");
      await tx.exec(planBookings(options.bookings));
      await tx.exec(INSERT_BOOKINGS);
      await tx.exec(INSERT_HISTORIES);
      await tx.exec(INSERT_BILLS_AND_PAYMENTS);
      await tx.exec("set local session_replication_role = origin");
      // The bookings went in without their triggers: the dashboard's tallies are counted once, afresh.
      await tx.exec("select public.recount_booking_tallies()");
      await tx.exec(STAFF_THE_SCHEDULE);
      await tx.exec(INSERT_WEBSITE_VISITS);
    });
    // Fresh statistics and visibility maps, so the first queries plan well and counts read indexes only.
    for (const table of [
      "public.bookings",
      "public.booking_bills",
      "public.bill_payments",
      "public.booking_status_events",
      "auth.users",
      "public.profiles",
      "public.website_analytics",
    ]) {
      await pg.exec(`vacuum analyze ${table}`);
    }
    const photos = await addPhotos(emulator);
    const statuses = await pg.query<{ status: string; count: number }>(
      "select status, count(*)::int as count from public.bookings group by status order by status",
    );
    const someCustomer = await pg.query<{ email: string }>("select email from auth.users where email like $1 order by email limit 1", [
      `%@${DEMO_EMAIL_DOMAIN}`,
    ]);
    const events = await pg.query<{ count: number }>("select count(*)::int as count from public.website_analytics");
    const crews = await pg.query<{ crews: number }>("select max(crews)::int as crews from public.weekday_crews");
    return {
      crewsPerDay: crews.rows[0]!.crews,
      customers: DEMO_CUSTOMERS,
      analyticsEvents: events.rows[0]!.count,
      bookingsByStatus: Object.fromEntries(statuses.rows.map((row) => [row.status, row.count])),
      photos,
      admin,
      someCustomerEmail: someCustomer.rows[0]!.email,
    };
  } finally {
    await emulator.close();
  }
}

/**
 * The admin account of ADMIN_EMAIL with the demo's password (ADMIN_PASSWORD, else the demo password):
 * created when missing, its password set when a server's first start made it already, so the
 * password the demo prints is the one that signs in.
 */
async function prepareAdmin(emulator: SupabaseEmulator, admin: DemoOptions["admin"]): Promise<DemoSummary["admin"]> {
  const service = createClient<Database>(emulator.url, emulator.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: emulator.fetch },
  });
  const password = admin.password ?? DEMO_PASSWORD;
  const { rows } = await emulator.db.pg.query<{ id: string }>("select id from auth.users where lower(email) = lower($1)", [admin.email]);
  let userId = rows[0]?.id;
  if (userId) {
    const updated = await service.auth.admin.updateUserById(userId, { password, email_confirm: true });
    if (updated.error) throw new DemoRefusal(`Could not set the password of the admin account ${admin.email}: ${updated.error.message}`);
  } else {
    const created = await service.auth.admin.createUser({ email: admin.email, password, email_confirm: true, user_metadata: { full_name: "Administrator" } });
    if (created.error || !created.data.user) {
      throw new DemoRefusal(`Could not create the admin account ${admin.email}: ${created.error?.message ?? "no user returned"}`);
    }
    userId = created.data.user.id;
  }
  const granted = await service.from("user_roles").upsert({ user_id: userId, role: "admin" }, { onConflict: "user_id,role" });
  if (granted.error) throw new Error(`could not grant the admin role: ${granted.error.message}`);
  return { email: admin.email, password, existed: rows.length > 0 };
}

// Customers joined over the last seven months, each with a name, a phone and a confirmed email; the
// sign-up trigger gives each a profile, which takes the join date too. $1 count, $2 bcrypt hash, $3 domain.
const CREATE_CUSTOMERS = `
with names as (
  select
    array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth','William','Barbara',
          'Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen','Christopher','Lisa','Daniel','Nancy',
          'Matthew','Betty','Anthony','Sandra','Mark','Ashley','Andre','Keisha','Marcus','Tamika','Darnell','Aaliyah'] as first,
    array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez',
          'Lopez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Thompson','White','Harris',
          'Clark','Lewis','Robinson','Walker','Young','Allen','King','Wright','Scott','Green','Baker','Adams','Nelson'] as last
),
people as (
  select
    n,
    gen_random_uuid() as id,
    first[1 + (n * 7) % array_length(first, 1)] as first_name,
    last[1 + (n * 11) % array_length(last, 1)] as last_name,
    now() - make_interval(days => 183 + (n * 37) % 57, mins => (n * 97) % 1440) as joined
  from names, generate_series(1, $1::int) as n
),
users as (
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
    raw_user_meta_data, is_super_admin, created_at, updated_at, is_sso_user, is_anonymous)
  select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated',
    lower(first_name || '.' || last_name || n || '@' || $3), $2, joined,
    '{"provider":"email","providers":["email"]}'::jsonb,
    jsonb_build_object('full_name', first_name || ' ' || last_name, 'email_verified', true),
    false, joined, joined, false, false
  from people
  returning id, email, created_at
),
identities as (
  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  select id::text, id, jsonb_build_object('sub', id, 'email', email, 'email_verified', true, 'phone_verified', false), 'email', created_at, created_at
  from users
  returning user_id
)
select count(*) from identities;
`;

// Each customer's profile (made by the sign-up trigger with their name and email) takes their join
// date, the phone their bookings give (the same numbering as below: customers in email order), and
// for most an address, for some a few words about their move. $1 the domain's LIKE pattern.
const FILL_PROFILES = `
with numbered as (
  select u.id, u.created_at, row_number() over (order by u.email)::int as who
  from auth.users u where u.email like $1
)
update public.profiles p
set created_at = n.created_at,
    updated_at = n.created_at,
    phone = '(404) 555-' || lpad(((n.who * 37) % 10000)::text, 4, '0'),
    address = case when n.who % 3 <> 0 then
      (100 + (n.who * 53) % 900)::text || ' ' ||
      (array['Peachtree St NE', 'Ponce de Leon Ave NE', 'Memorial Dr SE', 'Howell Mill Rd NW', 'Moreland Ave SE', 'North Ave NW'])[1 + n.who % 6] ||
      ', Atlanta, GA'
    end,
    bio = case when n.who % 4 = 0 then
      (array['Moving closer to work.', 'First house! Lots of boxes.', 'Downsizing after the kids moved out.', 'Piano and two cats, handle with care.'])[1 + (n.who / 4) % 4]
    end
from numbered n
where p.user_id = n.id;
`;

// Bookings made over the last six months (a little busier lately; over more months when there are more
// than DEMO_BOOKINGS_PER_DAY a day), spread over the demo customers. Nobody moves on Christmas Day or
// New Year's Day: the company is closed then.
// A move in the past was completed (or cancelled), today's is under way, a future one is pending or
// confirmed (or cancelled). Confirmed moves paid their $50 deposit through a Checkout Session; some
// pending ones let theirs expire. Every status a booking took is in its history, in order: the
// server's own changes by nobody, the office's by the admin.
const planBookings = (count: number) => `
create temp table demo_bookings on commit drop as
with customers as (
  select array_agg(u.id order by u.email) as ids, array_agg(u.email::text order by u.email) as emails,
         array_agg(u.raw_user_meta_data ->> 'full_name' order by u.email) as names, count(*)::int as how_many
  from auth.users u where u.email like '%@${DEMO_EMAIL_DOMAIN}'
),
office as (select user_id as admin_id from public.user_roles where role = 'admin' order by created_at limit 1),
picked as (
  select
    n,
    1 + (n * 7919) % c.how_many as who,
    -- The first five are made in the last fortnight, so every state is there however few bookings are asked for.
    case when n <= 5 then now() - make_interval(days => 3 + n * 2)
      else now() - make_interval(secs => ${historyDays(count)} * 86400 * power(random(), 1.15)) end as created_at,
    random() as r_status, random() as r_team, random() as r_service, random() as r_size, random() as r_hours,
    random() as r_extra, random() as r_deposit, random() as r_final, random() as r_lead, random() as r_cancel
  from customers c, generate_series(1, ${Math.trunc(count)}) as n
),
shaped as (
  select
    p.*,
    c.ids[p.who] as user_id, c.names[p.who] as full_name, c.emails[p.who] as email,
    '(404) 555-' || lpad(((p.who * 37) % 10000)::text, 4, '0') as phone,
    (select case when to_char(d, 'MM-DD') in ('12-25', '01-01') then d + 1 else d end from (select
      case p.n
        when 1 then (now() at time zone public.company_time_zone())::date
        when 4 then (now() at time zone public.company_time_zone())::date - 2
        else (p.created_at at time zone public.company_time_zone())::date + (case when p.n <= 5 then 20 else 2 + floor(p.r_lead * 40) end)::int
      end as d) as planned) as moving_date,
    (array['08:00','10:00','12:00','14:00','16:00', null])[1 + (p.n % 6)]::time as moving_time,
    case when p.r_team < 0.6 then 'elite' else 'luxury' end as team_type,
    case when p.r_service < 0.7 then 'local' when p.r_service < 0.9 then 'long_distance' else 'commercial' end as service_type,
    (array['studio','1_bedroom','2_bedroom','3_bedroom','4_bedroom','5_plus_bedroom'])[1 + floor(p.r_size * 6)::int] as property_size,
    (2 + floor(p.r_hours * 9))::int as estimated_hours,
    (now() at time zone public.company_time_zone())::date as today
  from picked p, customers c
),
stated as (
  select
    s.*,
    case
      when s.n <= 5 then (array['in_progress', 'pending', 'confirmed', 'completed', 'cancelled'])[s.n]
      when s.moving_date < s.today then case when s.r_status < 0.88 then 'completed' else 'cancelled' end
      when s.moving_date = s.today then case when s.r_status < 0.9 then 'in_progress' else 'cancelled' end
      else case when s.r_status < 0.35 then 'pending' when s.r_status < 0.9 then 'confirmed' else 'cancelled' end
    end as status,
    (s.estimated_hours * case when s.team_type = 'elite' then 150 else 175 end
      * case when s.property_size in ('4_bedroom', '5_plus_bedroom') then 2 else 1 end
      + case when s.r_extra < 0.3 then 150 else 0 end + case when s.r_extra > 0.8 then 120 else 0 end) * 100 as estimated_cost_cents
  from shaped s
)
select
  gen_random_uuid() as id,
  st.*,
  -- Confirmed moves paid their deposit within the hour; a pending one either has not paid yet or let the session expire.
  case
    when st.status in ('confirmed', 'in_progress', 'completed') then 'paid'
    when st.status = 'pending' and st.r_deposit < 0.3 and st.created_at < now() - interval '1 day' then 'expired'
    when st.status = 'cancelled' and st.r_deposit < 0.5 then 'expired'
    else 'unpaid'
  end as deposit_status,
  case when st.status in ('confirmed', 'in_progress', 'completed') then st.created_at + make_interval(mins => 3 + floor(st.r_deposit * 50)::int) end as deposit_paid_at,
  case when st.status = 'completed' then round(st.estimated_cost_cents * (0.9 + st.r_final * 0.25))::int end as final_cost_cents,
  -- The office cancels some time between the booking and the move (or today).
  st.created_at + (least(now(), public.move_starts_at(st.moving_date, st.moving_time)) - st.created_at) * st.r_cancel as cancelled_at,
  public.move_starts_at(st.moving_date, st.moving_time) as started_at,
  (select admin_id from office) as admin_id
from stated st;
`;

/** Days of booking history for `count` bookings: six months, or longer at DEMO_BOOKINGS_PER_DAY a day. */
function historyDays(count: number): number {
  return Math.max(182, Math.ceil(count / DEMO_BOOKINGS_PER_DAY));
}

// The company's crews: as many on each weekday as its busiest day needs (three at least), so no day of
// its schedule is over capacity and the busiest are full; and the next Christmas Day and New Year's
// Day closed, with their reasons.
const STAFF_THE_SCHEDULE = `
update public.weekday_crews
set crews = greatest(${DEMO_MIN_CREWS}, (
  select coalesce(max(l.crews_out), 0)
  from public.crew_levels(array(select distinct moving_date from public.bookings), now(), null, null, '{}') l
));
insert into public.schedule_days (day, closed, reason)
select holiday.day, true, holiday.reason
from (
  select make_date(extract(year from today)::int + case when to_char(today, 'MM-DD') > '12-25' then 1 else 0 end, 12, 25) as day, 'Christmas Day' as reason
  from (select (now() at time zone public.company_time_zone())::date as today) as now_here
  union all
  select make_date(extract(year from today)::int + 1, 1, 1), 'New Year''s Day'
  from (select (now() at time zone public.company_time_zone())::date as today) as now_here
) as holiday
on conflict (day) do nothing;
`;

const INSERT_BOOKINGS = `
insert into public.bookings (
  id, user_id, full_name, email, phone, moving_from, moving_to, moving_date, moving_time, team_type, service_type,
  property_size, packing_service, storage_service, cleaning_service, extra_movers, tv_mounting, deep_cleaning_bedrooms,
  special_instructions, estimated_hours, estimated_cost_cents, final_cost_cents, deposit_amount_cents, deposit_status,
  stripe_checkout_session_id, deposit_paid_at, checkout_expires_at, status, created_at, updated_at)
select
  d.id, d.user_id, d.full_name, d.email, d.phone,
  (100 + (d.n * 31) % 9800) || ' ' || (array['Peachtree St NE','Ponce de Leon Ave','Piedmont Ave','Spring St NW','North Ave',
    'Moreland Ave','Memorial Dr SE','Howell Mill Rd','Roswell Rd','Buford Hwy'])[1 + d.n % 10] || ', Atlanta, GA 303' || lpad((d.n % 50)::text, 2, '0'),
  (100 + (d.n * 53) % 9800) || ' ' || (array['Clairmont Rd','Lavista Rd','Briarcliff Rd','Marietta St','Cascade Rd',
    'Glenwood Ave','Johnson Ferry Rd','Lenox Rd','Northside Dr','Candler Rd'])[1 + (d.n / 10) % 10] ||
    (array[', Decatur, GA 30030', ', Marietta, GA 30060', ', Atlanta, GA 30307', ', Sandy Springs, GA 30328', ', Savannah, GA 31401'])[1 + d.n % 5],
  d.moving_date, d.moving_time, d.team_type, d.service_type, d.property_size,
  d.r_extra < 0.3, d.r_extra > 0.9, d.r_extra > 0.8,
  (d.n % 4)::smallint, (d.n % 3)::smallint, case when d.r_extra > 0.8 then 1 + d.n % 3 else 0 end::smallint,
  case when d.n % 5 = 0 then (array['Piano in the living room.', 'Third floor, no elevator.', 'Fragile artwork, please bring crates.',
    'Parking is on the street behind the building.', 'Call when 15 minutes away.'])[1 + (d.n / 5) % 5] end,
  d.estimated_hours::smallint, d.estimated_cost_cents, d.final_cost_cents, 5000, d.deposit_status,
  case when d.deposit_status in ('paid', 'expired') then 'cs_test_demo_' || replace(d.id::text, '-', '') end,
  d.deposit_paid_at,
  case when d.deposit_status in ('paid', 'expired') then d.created_at + interval '24 hours' end,
  d.status, d.created_at,
  greatest(d.created_at, case d.status when 'cancelled' then d.cancelled_at when 'completed' then d.started_at + make_interval(hours => d.estimated_hours)
    when 'in_progress' then least(now(), d.started_at) else coalesce(d.deposit_paid_at, d.created_at) end)
from demo_bookings d;
`;

/**
 * 600 visitors over the last 48 hours, as the server and the page script record them: each arrives
 * on a page (most on the landing page, from a search engine, a review site or nowhere), goes some way
 * through the booking wizard (about one in fifteen pays the deposit), and leaves; those with
 * JavaScript report their exit with the seconds on the page. One in twelve sends Global Privacy
 * Control: no visitor id, no visit id.
 */
const INSERT_WEBSITE_VISITS = `
  select setseed(0.48);
  with visitors as (
    select v,
           random() < 0.08 as opted_out,
           random() < 0.75 as scripted,
           now() - interval '47 hours 30 minutes' * random() - interval '3 minutes' as arrived,
           (array[null, null, 'https://www.google.com', 'https://www.google.com', 'https://www.google.com', 'https://www.yelp.com',
                  'https://www.facebook.com', 'https://nextdoor.com', 'https://www.bing.com'])[1 + floor(random() * 9)::int] as referrer,
           random() as path_roll,
           random() as depth_roll,
           (array['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
                  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
                  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
                  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'])[1 + floor(random() * 4)::int] as user_agent
    from generate_series(1, 600) as v
  ),
  journeys as (
    select visitors.*,
           case
             when path_roll < 0.06 then array['/user-dashboard', '/dashboard/bookings']
             when path_roll < 0.10 then array['/book', '/book/details']
             else (array['/', '/book', '/book/details', '/book/team', '/book/service', '/book/addons', '/book/review', '/payment-success'])[1:(
               case when depth_roll < 0.45 then 1 when depth_roll < 0.62 then 2 when depth_roll < 0.73 then 3 when depth_roll < 0.80 then 4
                    when depth_roll < 0.86 then 5 when depth_roll < 0.90 then 6 when depth_roll < 0.93 then 7 else 8 end)]
           end as pages
    from visitors
  ),
  views as (
    select j.*, page.path, page.position, cardinality(j.pages) as last_position,
           j.arrived + (page.position - 1) * interval '75 seconds' as viewed_at
    from journeys j, unnest(j.pages) with ordinality as page(path, position)
  )
  insert into public.website_analytics (session_id, visitor_id, page_path, event_type, time_on_page, user_agent, viewport_width, viewport_height, referrer, created_at)
  -- Views: the first is the document the server counted; later ones the script's client-side navigations.
  select case when opted_out or position = 1 or not scripted then null else 'demo-visit-' || v end,
         case when opted_out then null else md5('demo-visitor-' || v) end,
         path, 'page_view', null, user_agent,
         case when position = 1 then null else 390 end, case when position = 1 then null else 844 end,
         case when position = 1 then referrer when path = '/payment-success' then 'https://checkout.stripe.com' end,
         viewed_at
  from views
  where viewed_at < now()
  union all
  -- Leaving the site: reported by the page script only.
  select case when opted_out then null else 'demo-visit-' || v end,
         case when opted_out then null else md5('demo-visitor-' || v) end,
         path, 'page_exit', 20 + (v * 37) % 280, user_agent, 390, 844, null,
         viewed_at + make_interval(secs => 20 + (v * 37) % 280)
  from views
  where scripted and position = last_position and viewed_at + make_interval(secs => 20 + (v * 37) % 280) < now()
  union all
  -- Some call the office from the landing page.
  select null, md5('demo-visitor-' || v), '/', 'phone_click', null, user_agent, 390, 844, null, viewed_at + interval '40 seconds'
  from views
  where path = '/' and not opted_out and v % 17 = 0 and viewed_at + interval '40 seconds' < now();
`;

/**
 * Every completed move has its bill, kept an hour after the move as the office keeps it, naming one of
 * the crews: the hours of its estimate at its final cost, the $50 deposit taken off; one more than 10%
 * above its estimate was approved by the customer two hours later. Most balances were paid online within nine days, a tip
 * for the crew with most of them (10, 15 or 20% of the bill); the rest are due (overdue after two
 * weeks). The bookings keep what is left and when they were billed, as bill_move and the payments do.
 */
const INSERT_BILLS_AND_PAYMENTS = `
insert into public.booking_bills (
  booking_id, lines, worked_minutes, billed_minutes, hourly_rate_cents, subtotal_cents, discount_cents, total_cents,
  deposit_paid_cents, balance_cents, accepted_estimate_cents, margin_percent, needs_approval, approved_at, billed_by, billed_at,
  crew_number, crew_name
)
select d.id,
       jsonb_build_array(jsonb_build_object('id', 'crew', 'label', 'Moving team, ' || d.estimated_hours || ' h', 'amount_cents', d.final_cost_cents)),
       d.estimated_hours * 60, d.estimated_hours * 60, greatest(1, d.final_cost_cents / d.estimated_hours), d.final_cost_cents, 0, d.final_cost_cents,
       5000, greatest(0, d.final_cost_cents - 5000), d.estimated_cost_cents, 10, d.over_margin,
       case when d.over_margin then d.billed_at + interval '2 hours' end, d.admin_id, d.billed_at,
       crew.number, crew.name
from (
  select d.*, d.final_cost_cents > d.estimated_cost_cents + (d.estimated_cost_cents * 10) / 100 as over_margin,
         least(now() - interval '1 minute', d.started_at + make_interval(hours => d.estimated_hours + 1)) as billed_at
  from demo_bookings d
  where d.status = 'completed'
) as d
-- The crews share the moves.
left join public.crews crew on crew.number = 1 + d.n % (select count(*) from public.crews);

insert into public.bill_payments (bill_id, booking_id, balance_cents, tip_cents, stripe_checkout_session_id, stripe_payment_intent_id, status, created_at, paid_at)
select p.id, p.booking_id, p.balance_cents, round(p.total_cents * p.tip_percent / 100.0)::int,
       'cs_test_demo_balance_' || replace(p.booking_id::text, '-', ''), 'pi_demo_balance_' || replace(p.booking_id::text, '-', ''),
       'paid', p.paid_at - interval '5 minutes', p.paid_at
from (
  select bb.*, (array[0, 10, 15, 15, 20])[1 + floor(random() * 5)::int] as tip_percent,
         bb.billed_at + make_interval(hours => 2 + floor(random() * 216)::int) as paid_at, random() as r_paid
  from public.booking_bills bb
  where bb.balance_cents > 0
) as p
where p.r_paid < 0.93 and p.paid_at < now();

update public.bookings b
set billed_at = bb.billed_at, balance_due_cents = greatest(0, bb.balance_cents - coalesce(paid.cents, 0))
from public.booking_bills bb
left join (select bill_id, sum(balance_cents)::int as cents from public.bill_payments where status = 'paid' group by bill_id) as paid on paid.bill_id = bb.id
where bb.booking_id = b.id;
`;

const INSERT_HISTORIES = `
insert into public.booking_status_events (booking_id, status, changed_at, changed_by)
select id, 'pending', created_at, null::uuid from demo_bookings
union all
select id, 'confirmed', deposit_paid_at, null::uuid from demo_bookings where status in ('confirmed', 'in_progress', 'completed')
union all
select id, 'in_progress', greatest(deposit_paid_at, least(now(), started_at)), admin_id from demo_bookings where status in ('in_progress', 'completed')
union all
select id, 'completed', greatest(deposit_paid_at, started_at + make_interval(hours => estimated_hours)), admin_id from demo_bookings where status = 'completed'
union all
select id, 'cancelled', cancelled_at, admin_id from demo_bookings where status = 'cancelled';
`;

/**
 * Small photos of the rooms to move, a few to each of the newest bookings of demo customers (never
 * to anyone else's), stored as a customer's upload stores them: the image and its thumbnail in the
 * owner's folder for the booking's draft, "<user id>/drafts/<draft id>/<uuid>[-thumb].jpg", so the
 * app's photo route serves them to their owner and to staff.
 */
async function addPhotos(emulator: SupabaseEmulator): Promise<number> {
  const service = createClient<Database>(emulator.url, emulator.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: emulator.fetch },
  });
  const rooms = ["Living room", "Kitchen", "Bedroom", "Garage", "Piano", "Boxes"];
  const images = await Promise.all(rooms.map((room, index) => roomPhoto(room, index)));
  const { rows: bookings } = await emulator.db.pg.query<{ id: string; user_id: string; draft_id: string | null }>(
    `select b.id, b.user_id, b.draft_id from public.bookings b join auth.users u on u.id = b.user_id
     where u.email like $1 order by b.created_at desc limit $2`,
    [`%@${DEMO_EMAIL_DOMAIN}`, BOOKINGS_WITH_PHOTOS],
  );
  const bucket = service.storage.from("booking-images");
  const stored: Array<{ booking_id: string; path: string; file_name: string }> = [];
  for (const [index, booking] of bookings.entries()) {
    // A demo booking was never a draft: its photos go in a folder of their own, as a draft's would.
    const folder = `${booking.user_id}/drafts/${booking.draft_id ?? randomUUID()}/`;
    for (let photo = 0; photo <= index % 3; photo++) {
      const room = (index + photo) % rooms.length;
      const name = `${folder}${randomUUID()}`;
      const [image, thumbnail] = images[room]!;
      for (const [objectPath, bytes] of [
        [`${name}.jpg`, image],
        [`${name}-thumb.jpg`, thumbnail],
      ] as const) {
        const uploaded = await bucket.upload(objectPath, bytes, { contentType: "image/jpeg" });
        if (uploaded.error) throw new Error(`could not store a demo photo: ${uploaded.error.message}`);
      }
      stored.push({ booking_id: booking.id, path: `${name}.jpg`, file_name: `${rooms[room]!.toLowerCase().replace(/ /g, "-")}.jpg` });
    }
  }
  const inserted = await service.from("booking_images").insert(stored);
  if (inserted.error) throw new Error(`could not record the demo photos: ${inserted.error.message}`);
  return stored.length;
}

/** A 480×360 JPEG of a coloured backdrop with the room's name (a few kilobytes), and its 240×180 thumbnail. */
async function roomPhoto(room: string, index: number): Promise<[Buffer, Buffer]> {
  const hues = ["#8fb3d9", "#d9b38f", "#a3d98f", "#d98fa8", "#b38fd9", "#d9d28f"];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="${hues[index % hues.length]}"/>
    <rect x="40" y="200" width="400" height="120" fill="#00000022"/>
    <text x="240" y="170" font-family="sans-serif" font-size="40" text-anchor="middle" fill="#1e293b">${room}</text>
  </svg>`;
  return Promise.all([sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer(), sharp(Buffer.from(svg)).resize(240, 180).jpeg({ quality: 80 }).toBuffer()]);
}
