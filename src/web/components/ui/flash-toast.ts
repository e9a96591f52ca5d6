// A toast that survives one page reload (e.g. 'Logged out', raised just before the reload).
import { type ToastVariant, toast } from "./use-toast.ts";

const FLASH_TOAST_KEY = "daywise:flash-toast";

interface FlashToast {
  title?: string;
  description?: string;
  variant?: ToastVariant;
}

export function saveFlashToast(flash: FlashToast): void {
  try {
    sessionStorage.setItem(FLASH_TOAST_KEY, JSON.stringify(flash));
  } catch {
    // Without storage the toast is only shown before the reload.
  }
}

export function showFlashToast(): void {
  let saved: string | null = null;
  try {
    saved = sessionStorage.getItem(FLASH_TOAST_KEY);
    sessionStorage.removeItem(FLASH_TOAST_KEY);
  } catch {
    return;
  }
  if (!saved) return;
  try {
    const flash = JSON.parse(saved) as FlashToast;
    toast({ title: flash.title, description: flash.description, variant: flash.variant });
  } catch (error) {
    console.warn("Ignoring an unreadable saved toast", error);
  }
}
