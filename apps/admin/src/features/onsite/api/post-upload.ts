import type { Ok, UploadBody, UploadResponse } from "@laurel/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/storefront/uploads` (N-16): a gif, jpg or png of at most 2 MB, as base64. */
export function postUpload(body: UploadBody): Promise<Ok<UploadResponse>> {
  return api.post<UploadResponse>("/storefront/uploads", body);
}

export function usePostUpload() {
  return useMutation({ mutationFn: postUpload });
}
