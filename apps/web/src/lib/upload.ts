import { ApiError, noticeSessionEnd } from "./api.ts";

/** Thrown when the person cancels an upload. */
export class UploadCancelled extends Error {
  constructor() {
    super("Upload cancelled");
    this.name = "UploadCancelled";
  }
}

export type TUploadOptions = {
  /** Gets 0..1 as the body goes up. */
  onProgress?: (fraction: number) => void;
  /** Aborting it cancels the upload (UploadCancelled). */
  signal?: AbortSignal;
};

/**
 * Sends a multipart form to our API through XMLHttpRequest, the one browser API that reports upload progress, and
 * returns the parsed JSON answer. Errors carry the server's message, as apiFetch's do.
 */
export function sendForm<T>(
  method: "POST" | "PUT" | "PATCH",
  path: string,
  form: FormData,
  { onProgress, signal }: TUploadOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader("accept", "application/json");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      noticeSessionEnd({ headers: { get: (name: string) => xhr.getResponseHeader(name) } });
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      const error = (body as { error?: { code?: string; message?: string; fields?: Record<string, string> } })
        ?.error;
      reject(
        new ApiError(
          xhr.status,
          error?.code ?? `HTTP_${xhr.status}`,
          error?.message ?? `Request failed (${xhr.status})`,
          error?.fields,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", "Network error"));
    xhr.onabort = () => reject(new UploadCancelled());
    if (signal) {
      if (signal.aborted) {
        reject(new UploadCancelled());
        return;
      }
      signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
