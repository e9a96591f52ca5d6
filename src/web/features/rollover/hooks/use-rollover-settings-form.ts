import { useState } from "react";
import { ROLLOVER_DEFAULTS } from "../../../../shared/api/rollover-limits.ts";
import type { RolloverSettings } from "../../../../shared/api/rollover.ts";

/** Spec section 4: 'Reset to defaults' only sets the values and flags them unsaved. */
export function useRolloverSettingsForm(saved: RolloverSettings) {
  const [values, setValues] = useState<RolloverSettings>(saved);
  const [hasUnsavedChanges, setHasUnsavedChanges] = useState(false);

  function setField<K extends keyof RolloverSettings>(field: K, value: RolloverSettings[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setHasUnsavedChanges(true);
  }

  function resetToDefaults() {
    setValues({ ...ROLLOVER_DEFAULTS });
    setHasUnsavedChanges(true);
  }

  function markSaved(settings: RolloverSettings) {
    setValues(settings);
    setHasUnsavedChanges(false);
  }

  return { values, hasUnsavedChanges, setField, resetToDefaults, markSaved };
}
