/** Discount codes handed to shoppers (D-09). Randomness is the caller's: it passes the suffix. */

/** D-09: spaces and special characters are removed; codes are upper-case. */
export function cleanCodePrefix(prefix: string): string {
  return prefix.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** `prefix + suffix`, both cleaned. An empty suffix would make every code equal, so it throws. */
export function buildDiscountCode(prefix: string, randomSuffix: string): string {
  const suffix = cleanCodePrefix(randomSuffix);
  if (suffix.length === 0) throw new RangeError("The random suffix must contain letters or digits");
  return `${cleanCodePrefix(prefix)}${suffix}`;
}

/** No 0/O or 1/I: codes are read aloud at tills and typed from e-mails. */
export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A suffix from caller-supplied random bytes (e.g. `crypto.getRandomValues`), one letter per byte. */
export function codeSuffixFromBytes(bytes: ArrayLike<number>): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    out += CODE_ALPHABET[(bytes[i] ?? 0) % CODE_ALPHABET.length];
  }
  return out;
}
