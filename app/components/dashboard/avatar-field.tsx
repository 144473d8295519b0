import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { UserRound } from "lucide-react";
import { useEffect, useState } from "react";
import { AVATAR_INPUT_ACCEPT } from "~/domain/profile";

/**
 * The avatar as saved (or a placeholder), and a file input to choose a new one. With JavaScript the
 * chosen picture is shown before it is sent; the server crops it to the same square.
 */
export function AvatarField({ field, savedUrl }: { field: FieldMetadata<File | undefined>; savedUrl: string | null }) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  const shown = preview ?? savedUrl;
  return (
    <div className="flex items-center gap-4">
      {shown ? (
        <img
          src={shown}
          alt={preview ? "Your new avatar" : "Your avatar"}
          width={80}
          height={80}
          className="size-20 shrink-0 rounded-full bg-slate-100 object-cover"
        />
      ) : (
        <span className="flex size-20 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-400">
          <UserRound aria-hidden className="size-10" />
        </span>
      )}
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
          Avatar
        </label>
        <input
          {...getInputProps(field, { type: "file" })}
          key={field.key}
          accept={AVATAR_INPUT_ACCEPT}
          aria-describedby={[hintId, error ? field.errorId : null].filter(Boolean).join(" ")}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
          }}
          className="text-sm text-slate-700 file:mr-3 file:h-9 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-100"
        />
        <p id={hintId} className="text-xs text-slate-500">
          PNG, JPG or WebP, up to 5 MB. We crop it to a square and remove its location and camera details.
        </p>
        {error ? (
          <p id={field.errorId} className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
