import { InventoryView } from './inventory-view';

/** /assets/inventory: every asset of the workspace (spec §2 Assets, inventory tab). */
export function InventoryPage() {
  return <InventoryView />;
}
