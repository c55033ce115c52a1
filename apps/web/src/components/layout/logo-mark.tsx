/** The Didban mark: a watchtower shield with an eye. Decorative; callers label it. */
export function LogoMark({
  className = 'size-8',
  pathClassName,
}: {
  className?: string;
  pathClassName?: string;
}) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <path
        className={pathClassName}
        d="M32 6 L53 16 V33 C53 46 44 54 32 58 C20 54 11 46 11 33 V16 Z"
        fill="currentColor"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="31" r="8" fill="#09090b" />
      <circle cx="32" cy="31" r="3.5" fill="currentColor" />
    </svg>
  );
}
