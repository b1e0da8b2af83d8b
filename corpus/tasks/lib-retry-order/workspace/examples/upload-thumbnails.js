// Uploads thumbnails four at a time, retrying flaky uploads, cancellable from the UI.
import { mapConcurrent } from '../src/index.js';

export async function uploadThumbnails(photos, upload, signal) {
  const urls = await mapConcurrent(photos, (photo, index, { signal: itemSignal }) => upload(photo, itemSignal), {
    concurrency: 4,
    retry: { retries: 3, minDelay: 500, shouldRetry: (err) => err.status === undefined || err.status >= 500 },
    signal,
  });
  // urls[i] belongs to photos[i].
  return photos.map((photo, i) => ({ ...photo, thumbnailUrl: urls[i] }));
}
