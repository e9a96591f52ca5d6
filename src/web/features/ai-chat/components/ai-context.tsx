import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { AiProviderName } from "../../../../shared/api/ai.ts";
import {
  CLEARED_MESSAGE_ID,
  type ChatMessage,
  DEFAULT_AI_PROVIDER,
  WELCOME_MESSAGE_ID,
  introMessage,
  isIntroMessage,
} from "../lib/chat-messages.ts";
import { loadChatProvider, loadMessages, loadOpen, saveChatProvider, saveMessages, saveOpen } from "../lib/chat-storage.ts";

export type ChatSizeMode = "compact" | "expanded" | "fullscreen";

export interface AIContextValue {
  messages: ChatMessage[];
  isOpen: boolean;
  hasNotification: boolean;
  provider: AiProviderName;
  sizeMode: ChatSizeMode;
  isSettingsOpen: boolean;
  open(): void;
  close(): void;
  toggle(): void;
  setProvider(provider: AiProviderName): void;
  setSizeMode(mode: ChatSizeMode): void;
  setSettingsOpen(isOpen: boolean): void;
  addMessage(message: ChatMessage): void;
  updateMessage(id: string, content: string, isFinal?: boolean): void;
  /** Any other change to the messages (a proposal attached or its state), stored as the others are. */
  updateMessages(update: (messages: ChatMessage[]) => ChatMessage[]): void;
  clearMessages(): void;
}

const AIContext = createContext<AIContextValue | null>(null);

export function AIContextProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => loadMessages() ?? [introMessage(WELCOME_MESSAGE_ID)]);
  const [isOpen, setIsOpen] = useState(loadOpen);
  const [hasNotification, setHasNotification] = useState(false);
  const [provider, setProviderState] = useState<AiProviderName>(() => loadChatProvider() ?? DEFAULT_AI_PROVIDER);
  const [sizeMode, setSizeMode] = useState<ChatSizeMode>("expanded");
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const isOpenRef = useRef(isOpen);
  const isFirstSave = useRef(true);

  useEffect(() => {
    isOpenRef.current = isOpen;
  }, [isOpen]);

  // Only a conversation is stored: the welcome (or cleared) message alone is nothing to keep.
  useEffect(() => {
    if (isFirstSave.current) {
      isFirstSave.current = false;
      return;
    }
    saveMessages(messages.every(isIntroMessage) ? null : messages);
  }, [messages]);

  const setOpen = useCallback((next: boolean) => {
    isOpenRef.current = next;
    setIsOpen(next);
    saveOpen(next);
    if (next) {
      setHasNotification(false);
    } else {
      setSizeMode("expanded");
      setSettingsOpen(false);
    }
  }, []);

  const value = useMemo<AIContextValue>(
    () => ({
      messages,
      isOpen,
      hasNotification,
      provider,
      sizeMode,
      isSettingsOpen,
      open: () => setOpen(true),
      close: () => setOpen(false),
      toggle: () => setOpen(!isOpenRef.current),
      setProvider(next) {
        setProviderState(next);
        saveChatProvider(next);
      },
      setSizeMode,
      setSettingsOpen,
      addMessage(message) {
        setMessages((current) => [...current, message]);
        if (message.role === "assistant" && !isOpenRef.current) setHasNotification(true);
      },
      updateMessage(id, content, isFinal = false) {
        setMessages((current) => current.map((message) => (message.id === id ? { ...message, content } : message)));
        if (isFinal && !isOpenRef.current) setHasNotification(true);
      },
      updateMessages: setMessages,
      clearMessages() {
        setMessages([introMessage(CLEARED_MESSAGE_ID)]);
      },
    }),
    [messages, isOpen, hasNotification, provider, sizeMode, isSettingsOpen, setOpen],
  );

  return <AIContext value={value}>{children}</AIContext>;
}

export function useAIContext(): AIContextValue {
  const value = useContext(AIContext);
  if (!value) throw new Error("useAIContext must be used within an AIContextProvider");
  return value;
}
