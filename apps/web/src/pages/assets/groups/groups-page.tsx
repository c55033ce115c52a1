/** Being built (issue 5). */
export function GroupsPage() {
  return null;
}
