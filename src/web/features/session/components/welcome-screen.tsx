import { CalendarCheck, LockKeyhole, Sparkles, Target } from "lucide-react";
import { BrandMark } from "../../../components/brand-mark.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { SignInOptions } from "./sign-in-options.tsx";

const highlights = [
  {
    icon: CalendarCheck,
    title: "A board for each day",
    text: "To Do, In Progress and Done, with unfinished work rolled over at day's end.",
  },
  { icon: Target, title: "Goals that move", text: "Link tasks to goals and watch their progress grow." },
  { icon: Sparkles, title: "An AI planning assistant", text: "Break goals into tasks and get daily insights on how you work." },
];

export function WelcomeScreen() {
  useDocumentTitle("Welcome");
  return (
    <div className="min-h-dvh bg-gradient-to-b from-indigo-50 via-background to-background">
      <main
        id="main-content"
        className="mx-auto grid min-h-dvh max-w-5xl content-center gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:gap-x-16 lg:gap-y-8 lg:py-16"
      >
        <div className="text-center lg:col-start-1 lg:row-start-1 lg:self-end lg:text-left">
          <div className="flex items-center justify-center gap-3 lg:justify-start">
            <BrandMark className="size-12" />
            <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Daywise</h1>
          </div>
          <p className="mx-auto mt-5 max-w-prose text-lg text-muted-foreground lg:mx-0">
            The daily planner for people who plan their own day. Put today&apos;s tasks on a board, keep your goals moving, and let an AI
            assistant help when the list gets long.
          </p>
        </div>

        <div className="mx-auto w-full max-w-md lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-center">
          <Card className="shadow-md">
            <CardHeader>
              <CardTitle as="h2" className="text-xl">
                Sign in to start planning
              </CardTitle>
              <CardDescription>
                Use the account you already have. Daywise works in your browser; installing it as an app is up to you.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <SignInOptions />
            </CardContent>
          </Card>
          <p className="mt-4 text-center text-sm text-muted-foreground">
            <LockKeyhole className="mr-1.5 inline size-4 -translate-y-px align-middle" aria-hidden="true" />
            Your tasks, goals and insights are private to your account.
          </p>
        </div>

        <section aria-label="What Daywise does" className="lg:col-start-1 lg:row-start-2 lg:self-start">
          <ul className="mx-auto grid max-w-md gap-4 lg:mx-0">
            {highlights.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-medium">{title}</span>
                  <span className="block text-sm text-muted-foreground">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}
