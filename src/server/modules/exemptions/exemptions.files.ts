// A certificate's file: a PDF, PNG or JPEG told by its first bytes (a name or a content type is
// what the client says, the bytes are what it sent), at most 5 MB, kept as sent (a certificate is
// a legal document: it is not re-encoded) under DATA_DIR/exemption-certificates with a name the
// server makes. Read back only by a name taken from the certificate's row (docs/security.md).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_CERTIFICATE_BYTES } from '../../../contract/exemptions';
import type { Config } from '../../config';

export interface CertificateUpload {
  name: string;
  bytes: Buffer;
  /** The multipart reader stopped at the limit: the file is larger than MAX_CERTIFICATE_BYTES. */
  truncated: boolean;
}

const signatures: [type: string, ext: string, magic: number[]][] = [
  ['application/pdf', 'pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['image/png', 'png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', 'jpg', [0xff, 0xd8, 0xff]],
];

/** The type of a file by its first bytes, or null when it is none of the three. */
export function certificateFileType(bytes: Buffer): { type: string; ext: string } | null {
  const hit = signatures.find(([, , magic]) => magic.every((b, i) => bytes[i] === b));
  return hit ? { type: hit[0], ext: hit[1] } : null;
}

/** What is wrong with an upload, or null when it may be kept. */
export function fileProblem(file: CertificateUpload | null): string | null {
  if (!file || file.bytes.length === 0) return 'Choose the certificate file';
  if (file.truncated || file.bytes.length > MAX_CERTIFICATE_BYTES) return `${file.name} is larger than 5 MB`;
  if (!certificateFileType(file.bytes)) return `${file.name} is not a PDF, PNG or JPEG file`;
  return null;
}

const folder = (config: Config) => join(config.DATA_DIR, 'exemption-certificates');

/** A new name for a file of this type; nothing of the uploader's name is in it. */
export const storedName = (ext: string) => `${randomUUID()}.${ext}`;

export async function writeCertificateFile(config: Config, name: string, bytes: Buffer) {
  await mkdir(folder(config), { recursive: true });
  await writeFile(join(folder(config), name), bytes);
}

export function readCertificateFile(config: Config, name: string) {
  // The name comes from the row, which the server wrote: never a path from the request.
  return readFile(join(folder(config), name));
}
