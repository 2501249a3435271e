import { createHash, randomBytes } from "node:crypto";
import {
  MAX_UPLOAD_BYTES,
  onsiteMessages,
  type UploadBody,
  type UploadResponse,
  uploadContentTypes,
} from "@laurel/contracts";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { findUploadRow, insertUpload } from "./storefront.repository";

/**
 * N-16: images the merchant uploads for the storefront (the launcher's icon, popup icons), kept
 * by the app (migration 0100, decision 0086). The type is decided by the file's bytes, not by its
 * name or the browser's word; the size is checked on the decoded bytes.
 */
type ContentType = (typeof uploadContentTypes)[number];
const EXTENSION: Record<ContentType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
};

/** The image type the bytes start with, or null. */
export function sniffImage(bytes: Uint8Array): ContentType | null {
  const at = (i: number) => bytes[i];
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "image/png";
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  const head = String.fromCharCode(...bytes.subarray(0, 6));
  return head === "GIF87a" || head === "GIF89a" ? "image/gif" : null;
}

const fail = (field: string, message: string) =>
  new AppError("validation_failed", 400, message, [{ field, message }]);

export async function saveUpload(deps: Deps, shopId: string, body: UploadBody): Promise<UploadResponse> {
  if (
    !/\.(?:gif|jpe?g|png)$/i.test(body.fileName) ||
    !(uploadContentTypes as readonly string[]).includes(body.contentType)
  ) {
    throw fail("fileName", onsiteMessages.uploadType);
  }
  const base64 = body.data.replace(/^data:[^,]*,/, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw fail("data", onsiteMessages.uploadNotSupported);
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  if (bytes.length === 0) throw fail("data", onsiteMessages.uploadNotSupported);
  if (bytes.length > MAX_UPLOAD_BYTES) throw fail("data", onsiteMessages.uploadTooBig);
  const contentType = sniffImage(bytes);
  if (!contentType) throw fail("data", onsiteMessages.uploadType);
  if (contentType !== body.contentType) throw fail("data", onsiteMessages.uploadNotSupported);
  const id = randomBytes(16).toString("hex");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  await insertUpload(deps.db, { shopId, id, contentType, sha256, bytes });
  return {
    id,
    url: `${deps.config.appUrl.replace(/\/+$/, "")}/uploads/${encodeURIComponent(shopId)}/${id}.${EXTENSION[contentType]}`,
    contentType,
    size: bytes.length,
  };
}

/** `GET /uploads/:shopId/:file`: the bytes and their type, or undefined. */
export async function findUpload(deps: Deps, shopId: string, file: string) {
  const match = /^([0-9a-f]{32})\.(png|jpg|gif)$/.exec(file);
  if (!match) return undefined;
  const row = await findUploadRow(deps.db, shopId, match[1] as string);
  if (!row || EXTENSION[row.content_type as ContentType] !== match[2]) return undefined;
  return { contentType: row.content_type, bytes: row.bytes };
}
