// Photos come as multipart parts named `file` (returns, claims and reviews take them the same
// way); what a photo may be is checked by the module that keeps it.
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** One uploaded photo: its file name and its bytes. */
export interface PhotoUpload {
  name: string;
  bytes: Buffer;
}

/** A photo larger than this is a 400. */
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/**
 * Every `file` part of a multipart upload. It reads one part more than `maxPhotos`, so that the
 * module's own check can answer "too many" rather than the parser cutting the upload off.
 */
export async function photoUploads(req: FastifyRequest, maxPhotos: number): Promise<PhotoUpload[]> {
  if (!req.isMultipart()) throw badRequest('Send the photos as multipart/form-data in the field "file"');
  const files: PhotoUpload[] = [];
  for await (const part of req.files({ limits: { fileSize: MAX_PHOTO_BYTES + 1, files: maxPhotos + 1 } })) {
    if (part.fieldname !== 'file') throw badRequest('Send the photos in the field "file"');
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw badRequest(`${part.filename || 'A photo'} is larger than 5 MB`);
    files.push({ name: part.filename || `Photo ${files.length + 1}`, bytes });
  }
  if (!files.length) throw badRequest('Choose at least one photo');
  return files;
}
