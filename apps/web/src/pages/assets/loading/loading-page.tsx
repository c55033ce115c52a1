/** Being built (issue 5). */
export function LoadingPage() {
  return null;
}
