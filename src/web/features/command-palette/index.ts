// The command palette's public surface. The shell mounts the launcher (a key listener, part of the
// initial JavaScript); the palette itself loads on first use.
export { CommandPaletteLauncher } from "./components/command-palette-launcher.tsx";
