/** Being built (issue 5). */
export function GroupPage() {
  return null;
}
