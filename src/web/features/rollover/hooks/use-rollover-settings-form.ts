import { useState } from "react";
import { ROLLOVER_DEFAULTS } from "../../../../shared/api/rollover-limits.ts";
import type { RolloverSettings } from "../../../../shared/api/rollover.ts";

/**
 * The Rollover tab's form rules (spec section 4 "Rollover settings form"): any change sets the
 * 'Unsaved changes' flag (Save is enabled only then); 'Reset to defaults' only sets the form
 * values and flags them unsaved; a save clears the flag.
 */
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

  /** After a save: the form shows what the server kept. */
  function markSaved(settings: RolloverSettings) {
    setValues(settings);
    setHasUnsavedChanges(false);
  }

  return { values, hasUnsavedChanges, setField, resetToDefaults, markSaved };
}
