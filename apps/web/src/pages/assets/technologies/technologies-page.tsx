/** Being built (issue 5). */
export function TechnologiesPage() {
  return null;
}
