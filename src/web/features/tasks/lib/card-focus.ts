/** The first control of the card after the task's (else before it), for focus when the task's card leaves the list. */
export function focusTargetInstead(taskId: string): HTMLElement | null {
  const cards = [...document.querySelectorAll("li[data-task-id]")];
  const at = cards.findIndex((card) => card.getAttribute("data-task-id") === taskId);
  const neighbour = at === -1 ? undefined : (cards[at + 1] ?? cards[at - 1]);
  return neighbour?.querySelector<HTMLElement>("button, [tabindex]") ?? null;
}
