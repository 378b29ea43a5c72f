/**
 * Saving the maintenance setting takes effect for the whole site at once: this page hears the event, other tabs
 * of the same browser hear the storage change (spec 4: the new state is broadcast to the app immediately).
 */
export const MAINTENANCE_EVENT = "maintenance-changed";
export const MAINTENANCE_STORAGE_KEY = "maintenance_changed";

export function announceMaintenance(value: unknown): void {
  window.dispatchEvent(new CustomEvent(MAINTENANCE_EVENT, { detail: value }));
  try {
    localStorage.setItem(MAINTENANCE_STORAGE_KEY, String(Date.now()));
  } catch {
    // Storage may be unavailable (private mode, quota): this tab was told already.
  }
}
