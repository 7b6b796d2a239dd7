// Photos of a job in the crew view: "Add photo" (the phone's camera or a file) uploads through
// POST /v2/documents/ (multipart, with the job's id and the user's own id, which an employee's `own` level
// requires), and the job's photos are shown as thumbnails. The files need the Authorization header (tokens are in
// memory), so each is fetched through the client and shown from a Blob URL, released when no longer shown.
// An upload needs the network: files are not queued like clock actions (they may be large, and web storage small).
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { OfflineError, messageOf } from '../lib/api.js';
import { useI18n } from '../lib/i18n.js';

/** Newest photos shown per job: each is a whole file (the API has no thumbnail size), so a few only. */
const MAX_SHOWN = 6;

interface Photo {
  id: string;
  name: string;
  url: string;
}
type Status = { kind: 'uploading' } | { kind: 'done' } | { kind: 'failed'; text: string } | undefined;

interface Props {
  client: CrewbaseClient;
  userId: string;
  jobId: string;
  objectName: string;
  /** Documents the job names (job.documentIds): their row is kept free while they load, so nothing moves. */
  expected?: number;
}

export function JobPhotos({ client, userId, jobId, objectName, expected = 0 }: Props) {
  const { t } = useI18n();
  const [photos, setPhotos] = useState<Photo[] | undefined>();
  const [status, setStatus] = useState<Status>();

  const load = useCallback(async () => {
    try {
      const documents = await client.call('jobs.listDocuments', { path: { id: jobId }, query: {} });
      const images = documents
        .filter((doc) => doc.contentType?.startsWith('image/'))
        .sort((a, b) => b.number - a.number)
        .slice(0, MAX_SHOWN);
      const loaded = await Promise.all(
        images.map(async (doc) => {
          const bytes = await client.call('documents.getFile', { path: { id: doc._id } });
          const blob = new Blob([bytes], { type: doc.contentType ?? 'image/*' });
          return { id: doc._id, name: doc.name ?? doc.fileName ?? '', url: URL.createObjectURL(blob) };
        }),
      );
      setPhotos(loaded);
    } catch {
      // Offline or refused: no photos shown; the upload still says why it fails.
      setPhotos((shown) => shown ?? []);
    }
  }, [client, jobId]);

  useEffect(() => {
    void load();
  }, [load]);
  // Blob URLs hold their bytes until released: release the old set when a new one replaces it or on leaving.
  useEffect(
    () => () => {
      for (const photo of photos ?? []) URL.revokeObjectURL(photo.url);
    },
    [photos],
  );

  async function upload(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = ''; // the same photo may be chosen again after a failure
    if (!file) return;
    if (!navigator.onLine)
      return setStatus({ kind: 'failed', text: t('photoFailed', { message: t('photoNeedsNetwork') }) });
    setStatus({ kind: 'uploading' });
    const form = new FormData();
    form.append('jobId', jobId);
    form.append('userId', userId);
    form.append('file', file, file.name || 'photo');
    try {
      // The generated client types no multipart body, so the request goes by its path (same client, same tokens).
      await client.request('POST', '/v2/documents/', { body: form });
      setStatus({ kind: 'done' });
      await load();
    } catch (error) {
      const text = error instanceof OfflineError ? t('photoNeedsNetwork') : messageOf(error);
      setStatus({ kind: 'failed', text: t('photoFailed', { message: text }) });
    }
  }

  return (
    <div class="job-photos">
      {photos === undefined && expected > 0 && <div class="photos-placeholder" aria-hidden="true" />}
      {photos && photos.length > 0 && (
        <ul class="photos" aria-label={t('photosOf', { name: objectName })}>
          {photos.map((photo) => (
            <li key={photo.id}>
              <img src={photo.url} alt={photo.name} width={72} height={72} />
            </li>
          ))}
        </ul>
      )}
      <label class="secondary photo-button">
        {t('addPhoto')}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          class="visually-hidden"
          aria-label={t('addPhotoTo', { name: objectName })}
          disabled={status?.kind === 'uploading'}
          onChange={(event) => void upload(event)}
        />
      </label>
      {status?.kind === 'uploading' && (
        <p class="muted" role="status">
          <progress aria-label={t('photoUploading')} /> {t('photoUploading')}
        </p>
      )}
      {status?.kind === 'done' && (
        <p class="muted" role="status">
          {t('photoDone')}
        </p>
      )}
      {status?.kind === 'failed' && (
        <p class="error" role="alert">
          {status.text}
        </p>
      )}
    </div>
  );
}
