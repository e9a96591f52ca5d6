import { type ReactNode, useId } from "react";

export function SettingsSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  const descriptionId = useId();
  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={description ? descriptionId : undefined}
      className="rounded-lg border bg-card px-5 pt-4 shadow-sm"
    >
      <h2 id={headingId} className="text-base font-semibold">
        {title}
      </h2>
      {description ? (
        <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <div className="divide-y">{children}</div>
    </section>
  );
}
