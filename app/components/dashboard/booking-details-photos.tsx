import { ImageOff } from "lucide-react";

export interface BookingPhotoView {
  id: string;
  fileName: string;
  /** The app's addresses of the photo and its thumbnail; null when there is none. */
  thumbUrl: string | null;
  url: string | null;
}

/** The photos of the customer's belongings attached to the booking: thumbnails, each opening the full photo. */
export function BookingDetailsPhotos({ photos }: { photos: BookingPhotoView[] }) {
  return (
    <section aria-labelledby="booking-photos-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="booking-photos-heading" className="text-lg font-semibold">
        Photos
      </h2>
      {photos.length > 0 ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((photo) => {
            const image = photo.thumbUrl ? (
              <img src={photo.thumbUrl} alt={photo.fileName} loading="lazy" className="aspect-square w-full rounded-lg bg-slate-100 object-cover" />
            ) : (
              <div
                role="img"
                aria-label={photo.fileName}
                className="flex aspect-square w-full items-center justify-center rounded-lg bg-slate-100 text-slate-400"
              >
                <ImageOff aria-hidden className="size-8" />
              </div>
            );
            return (
              <li key={photo.id} className="flex flex-col gap-1">
                {photo.url ? (
                  <a href={photo.url} target="_blank" rel="noreferrer" title={`Open ${photo.fileName}`}>
                    {image}
                  </a>
                ) : (
                  image
                )}
                <span className="truncate text-xs text-slate-600" title={photo.fileName}>
                  {photo.fileName}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No photos were added to this booking.</p>
      )}
    </section>
  );
}
