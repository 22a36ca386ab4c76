/**
 * Uploads the composer's files with XMLHttpRequest (fetch cannot report upload progress) to the web
 * app's upload route, which streams them to the media service with the member's token from the
 * httpOnly cookie (routes/resources.media-upload.tsx). The answer's URLs go into the new post.
 */
import { MEDIA_UPLOAD_FIELD, mediaTexts, uploadAnswer } from '@kora/contracts';
import { MEDIA_UPLOAD_URL } from './resource-urls';

export type UploadResult = { ok: true; urls: string[] } | { ok: false; error: string };

/** 0–100, whole numbers; 0 while the size is unknown. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

function messageOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    // `error` is the text the product's clients show; `message` repeats it (decision 015).
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string' && parsed.error) {
      return parsed.error;
    }
  } catch {
    // Not JSON (an error page): the generic text below.
  }
  return null;
}

/**
 * The upload route's answer: the stored URLs (one per file sent), the server's reason for a refusal
 * (4xx), else the product's "Upload failed".
 */
export function readUploadAnswer(status: number, body: string, filesSent: number): UploadResult {
  if (status >= 200 && status < 300) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { ok: false, error: mediaTexts.uploadFailed };
    }
    const answer = uploadAnswer.safeParse(parsed);
    if (answer.success && answer.data.urls.length === filesSent) return { ok: true, urls: answer.data.urls };
    return { ok: false, error: mediaTexts.uploadFailed };
  }
  if (status >= 400 && status < 500) return { ok: false, error: messageOf(body) ?? mediaTexts.uploadFailed };
  return { ok: false, error: mediaTexts.uploadFailed };
}

export interface Upload {
  done: Promise<UploadResult>;
  abort(): void;
}

/**
 * Browser only. Reports progress as a percentage of the bytes sent. `url`: the upload route with its
 * purpose (the reel creation page sends `?purpose=reel`).
 */
export function uploadFiles(files: File[], onProgress: (percent: number) => void, url: string = MEDIA_UPLOAD_URL): Upload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadResult>((resolve) => {
    const failed = () => resolve({ ok: false, error: mediaTexts.uploadFailed });
    xhr.upload.onprogress = (event) => onProgress(uploadPercent(event.loaded, event.lengthComputable ? event.total : 0));
    xhr.onload = () => resolve(readUploadAnswer(xhr.status, xhr.responseText, files.length));
    xhr.onerror = failed;
    xhr.onabort = failed;
    xhr.ontimeout = failed;
  });
  const form = new FormData();
  for (const file of files) form.append(MEDIA_UPLOAD_FIELD, file, file.name);
  xhr.open('POST', url);
  xhr.setRequestHeader('accept', 'application/json');
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
