/**
 * The media service's stable error codes (beside the platform's shared ones) and the errors it
 * throws, each with the product text (`mediaTexts` where the contract has one).
 */
import { ArchiveErrorCode, archiveTexts, ErrorCode, mediaTexts } from '@kora/contracts';
import { AppError, badRequest, notFound } from '@kora/platform/service';

export const MediaErrorCode = {
  MultipartRequired: 'MULTIPART_REQUIRED',
  MultipartInvalid: 'MULTIPART_INVALID',
  TooManyFiles: 'TOO_MANY_FILES',
  TooManyFields: 'TOO_MANY_FIELDS',
  FileRequired: 'FILE_REQUIRED',
  FileEmpty: 'FILE_EMPTY',
  ImageInvalid: 'IMAGE_INVALID',
  ImageTooLargeDimensions: 'IMAGE_TOO_LARGE_DIMENSIONS',
} as const;

/** The request is not multipart/form-data with the files in `field` (`several`: file fields). */
export const multipartRequired = (field: string, several: boolean) =>
  badRequest(
    several
      ? `Send the files as multipart/form-data, in file fields named '${field}'`
      : `Send the image as multipart/form-data, in a file field named '${field}'`,
    MediaErrorCode.MultipartRequired,
  );
/** Malformed or cut-off multipart bodies (busboy's errors, a client that went away). */
export const multipartInvalid = () => badRequest('The upload could not be read', MediaErrorCode.MultipartInvalid);
export const tooManyFiles = (text: string) => badRequest(text, MediaErrorCode.TooManyFiles);
export const tooManyFields = () => badRequest('The form has too many fields', MediaErrorCode.TooManyFields);
export const noFiles = () => badRequest(mediaTexts.noFiles, MediaErrorCode.FileRequired);
export const imageRequired = (field: string) =>
  badRequest(`Choose an image to upload (file field '${field}')`, MediaErrorCode.FileRequired);
export const fileEmpty = (several: boolean) =>
  badRequest(several ? 'One of the files is empty' : 'The file is empty', MediaErrorCode.FileEmpty);
export const uploadTooLarge = (maxMB: number) => new AppError(413, ErrorCode.PayloadTooLarge, mediaTexts.tooLarge(maxMB));
export const imageTooLarge = (maxMB: number) => new AppError(413, ErrorCode.PayloadTooLarge, `The image is too large (max ${maxMB} MB)`);
export const unsupportedMedia = (message: string = mediaTexts.unsupported) => new AppError(415, ErrorCode.UnsupportedMediaType, message);

/** `cause` keeps the decoder's own words for the logs; the client gets the product text only. */
export function imageInvalid(cause?: unknown): AppError {
  const error = badRequest('The image could not be read', MediaErrorCode.ImageInvalid);
  if (cause !== undefined) error.cause = cause;
  return error;
}

export const imageTooLargeDimensions = (maxSide: number, maxPixels: number) =>
  badRequest(
    `The image is too large in pixels (at most ${maxSide} pixels on a side and ${maxPixels / 1_000_000} megapixels in all)`,
    MediaErrorCode.ImageTooLargeDimensions,
  );

export const fileNotFound = () => notFound('File not found');
export const videoNotFound = () => notFound(mediaTexts.videoNotFound);

/** Data archives (decision 035). */
export const archiveTooSoon = () => new AppError(429, ArchiveErrorCode.TooSoon, archiveTexts.tooSoon);
export const archiveLinkInvalid = () => new AppError(404, ArchiveErrorCode.LinkInvalid, archiveTexts.linkInvalid);
export const archiveLinkExpired = () => new AppError(410, ArchiveErrorCode.LinkExpired, archiveTexts.linkExpired);
export const archiveNotYours = () => new AppError(403, ArchiveErrorCode.NotYours, archiveTexts.notYours);
