import type { PlannedArm } from '../contracts/plan.js';

/**
 * The provider tools an arm may see and call (issue 35): its own `allowedTools`, narrowed to the
 * tools its provider's declaration allows when that declaration names any. An arm that names no
 * tools takes its provider's declared tools. Null: no list narrows them (neither names any), so
 * whatever the server offers is allowed. The proxy filters tools/list by this and refuses any other
 * call; contamination flags any other context-tool call.
 */
export function armContextTools(arm: PlannedArm): string[] | null {
  const declared = arm.provider?.tools ?? [];
  if (arm.allowedTools.length === 0) return declared.length > 0 ? [...declared] : null;
  return declared.length > 0 ? arm.allowedTools.filter((tool) => declared.includes(tool)) : [...arm.allowedTools];
}
