export function getInitials(name: string, email?: string | null): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  const initials = letters.map((word) => Array.from(word ?? "")[0] ?? "").join("");
  if (initials) return initials.toLocaleUpperCase();
  const fromEmail = Array.from(email?.trim() ?? "")[0];
  return fromEmail ? fromEmail.toLocaleUpperCase() : "?";
}
