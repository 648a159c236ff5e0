export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="#1f2933" />
      <circle cx="32" cy="32" r="14" fill="#e8590c" />
      <circle cx="32" cy="32" r="6" fill="#1f2933" />
    </svg>
  );
}
