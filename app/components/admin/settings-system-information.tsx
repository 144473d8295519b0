import { formatBytes, formatUtc, migrationVersionTime, type SystemInformation } from "~/domain/system-information";

/** The app's version, the database's answer, the storage used per bucket and the last migration, read when the page loaded. */
export function SettingsSystemInformation({ info }: { info: SystemInformation }) {
  return (
    <section aria-labelledby="system-information" className="max-w-3xl rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="system-information" className="text-lg font-semibold">
        System Information
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-600">Version</dt>
        <dd>{info.version ? `v${info.version}` : "unknown"}</dd>
        <dt className="font-medium text-slate-600">Database</dt>
        <dd>{info.database.connected ? `Connected (answered in ${info.database.latencyMs} ms)` : "Not reachable"}</dd>
        <dt className="font-medium text-slate-600">Last migration</dt>
        <dd>
          <LastMigrationText migration={info.lastMigration} />
        </dd>
        <dt className="font-medium text-slate-600">Storage used</dt>
        <dd>
          {info.storage === null ? (
            "unknown"
          ) : info.storage.length === 0 ? (
            "No buckets"
          ) : (
            <ul className="flex flex-col gap-1">
              {info.storage.map((bucket) => (
                <li key={bucket.bucket}>
                  <span className="font-medium">{bucket.bucket}</span>: {formatBytes(bucket.bytes)} in{" "}
                  {bucket.objects === 1 ? "1 file" : `${bucket.objects} files`}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </section>
  );
}

function LastMigrationText({ migration }: { migration: SystemInformation["lastMigration"] }) {
  if (!migration) return <>unknown</>;
  const written = migrationVersionTime(migration.version);
  return (
    <>
      <span className="font-mono break-all">{migration.name ? `${migration.version}_${migration.name}` : migration.version}</span>
      <br />
      {migration.appliedAt ? `applied ${formatUtc(migration.appliedAt)}` : "applied at an unknown time"}
      {written ? `; written ${formatUtc(written)}` : null}
    </>
  );
}
