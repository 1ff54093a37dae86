/** Spec §8 metadata limits: at most 50 keys; keys over 40 characters skipped; values over 500 characters truncated. */
export const METADATA_LIMITS = { maxKeys: 50, maxKeyLength: 40, maxValueLength: 500 } as const;

export function limitMetadata(input: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  let kept = 0;
  for (const [key, value] of Object.entries(input ?? {})) {
    if (kept >= METADATA_LIMITS.maxKeys) break;
    if (key.length === 0 || key.length > METADATA_LIMITS.maxKeyLength) continue;
    out[key] = value.length > METADATA_LIMITS.maxValueLength ? value.slice(0, METADATA_LIMITS.maxValueLength) : value;
    kept++;
  }
  return out;
}
