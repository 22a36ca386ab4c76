/** How much of the composer's files has been sent (a labelled progress bar). */
import { postScreenTexts as texts } from '@kora/contracts';

export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="mt-3">
      <div className="mb-1 flex justify-between text-xs font-medium text-slate-600">
        <span>{percent < 100 ? texts.uploading : texts.processing}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={texts.uploadProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
